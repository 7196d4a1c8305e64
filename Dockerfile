# Ratchet GGP player in a container.
#   build: docker build -t ratchet .
#   run:   docker run -d --name ratchet --restart unless-stopped -p 9147:9147 --memory 8g ratchet --name Ratchet
# Arguments after the image name are flags of `ratchet serve`; RATCHET_* environment variables work too.
# Builds with the classic builder (Debian's docker.io 20.10) and with BuildKit alike: no BuildKit-only syntax.

# The base images are arguments for hosts that cannot pull from Docker Hub: any image with a JDK 17 (build)
# or a JRE 17 and apt-get (run) will do; the README shows one made from Debian's packages.
ARG BUILD_IMAGE=eclipse-temurin:17-jdk
ARG RUN_IMAGE=eclipse-temurin:17-jre

# ---- build: compile and package the shaded jar with the Maven Wrapper ----
FROM ${BUILD_IMAGE} AS build
WORKDIR /src
# The wrapper first: the Maven it fetches stays in a layer of its own, reused by later builds. (The
# dependencies are fetched again on each build: without BuildKit there is no cache mount to keep them.)
COPY mvnw ./
COPY .mvn/ .mvn/
RUN sh ./mvnw -B -q --version
COPY . .
RUN sh ./mvnw -B -q -DskipTests package

# ---- run: a JRE, the jar, the shipped configuration, an unprivileged user ----
FROM ${RUN_IMAGE}
# curl is only for the health check; the base image may not ship it.
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin ratchet
WORKDIR /app
COPY --from=build /src/player/target/ratchet.jar /app/ratchet.jar
COPY config/ratchet.properties config/log4j2.xml /app/config/
# The records of the player's own matches (records.dir) go here; mount a volume on it to keep them.
RUN mkdir -p /app/matches/player && chown -R ratchet /app/matches
USER ratchet
EXPOSE 9147
# Healthy when the player answers (info); set RATCHET_PORT (not --port) if the player listens elsewhere.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD curl -fsS -X POST -H 'Content-Type: text/acl' --data '(info)' "http://127.0.0.1:${RATCHET_PORT:-9147}/" | grep -q status
# The heap follows the container's memory limit; the large stack matches scripts/ratchet (deep rule recursion).
# ZGC, the concurrent collector, whatever CPUs the container gets (a collector that stops the program to copy
# can make a move late); the same options as scripts/ratchet (scripts/lib/java-options.bash says why).
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-Xss64m", "-XX:+UseZGC", \
            "-Dlog4j2.configurationFile=/app/config/log4j2.xml", "-jar", "/app/ratchet.jar", "serve"]
