# The JVM options every script starts Ratchet with (sourced): G1 with a short pause goal whatever the CPU count,
# since a JVM that sees one CPU would otherwise pick the serial collector, whose pauses grow with the heap and
# can make a move late. RATCHET_JAVA_OPTS replaces them; it is exported so that commands starting players of
# their own (gauntlet) give them the same options. The Dockerfile's entry point writes the same ones.
export RATCHET_JAVA_OPTS="${RATCHET_JAVA_OPTS:--Xss64m -XX:+UseG1GC -XX:MaxGCPauseMillis=20}"
