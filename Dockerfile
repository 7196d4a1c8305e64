# syntax=docker/dockerfile:1
# Ratchet GGP player in a container.
#   build: docker build -t ratchet .
#   run:   docker run -d --name ratchet --restart unless-stopped -p 9147:9147 --memory 8g ratchet --name Ratchet
# Arguments after the image name are flags of `ratchet serve`; RATCHET_* environment variables work too.

# ---- build: compile and package the shaded jar with the Maven Wrapper ----
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
# The cache mount keeps Maven and the downloaded dependencies between builds (BuildKit).
RUN --mount=type=cache,target=/root/.m2 sh ./mvnw -B -q -DskipTests package

# ---- run: a JRE, the jar, the shipped configuration, an unprivileged user ----
FROM eclipse-temurin:17-jre
# curl is only for the health check; the base image no longer ships it.
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin ratchet
WORKDIR /app
COPY --from=build /src/player/target/ratchet.jar /app/ratchet.jar
COPY config/ /app/config/
USER ratchet
EXPOSE 9147
# Healthy when the player answers (info); set RATCHET_PORT (not --port) if the player listens elsewhere.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD curl -fsS -X POST -H 'Content-Type: text/acl' --data '(info)' "http://127.0.0.1:${RATCHET_PORT:-9147}/" | grep -q status
# The heap follows the container's memory limit; the large stack matches scripts/ratchet (deep rule recursion).
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-Xss64m", "-Dlog4j2.configurationFile=/app/config/log4j2.xml", \
            "-jar", "/app/ratchet.jar", "serve"]
