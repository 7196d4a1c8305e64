# The JVM options every script starts Ratchet with (sourced): ZGC, the concurrent collector, whatever the CPU
# count. A collector that stops the program to copy what survives can make a move late: a JVM that sees one
# CPU picks the serial collector, and even G1 with a 20 ms pause goal stopped a chess player on one CPU for up
# to 600 ms while an hsfc compile that fails builds its ground instances (README, "Never late"). ZGC's pauses
# stay around a millisecond there. RATCHET_JAVA_OPTS replaces these options; it is exported so that commands
# starting players of their own (gauntlet) give them the same ones. The Dockerfile's entry point writes the
# same ones.
export RATCHET_JAVA_OPTS="${RATCHET_JAVA_OPTS:--Xss64m -XX:+UseZGC}"
