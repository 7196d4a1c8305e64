package org.ratchet.player.gamemaster;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Posts protocol messages to players over HTTP. Requests are asynchronous so that all players of a match
 * are asked at once and each gets the whole clock; {@link #await} then turns a request into a {@link Reply}
 * by a deadline, whatever went wrong on the way.
 */
public final class PlayerClient {
    // HTTP/1.1 only: GGP players are small HTTP servers that do not expect an HTTP/2 upgrade offer.
    private final HttpClient http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();

    /** What a player did with one message. */
    public record Reply(Outcome outcome, String text, String detail) {
        public static Reply answered(String text) {
            return new Reply(Outcome.ANSWERED, text, "");
        }

        public boolean answered() {
            return outcome == Outcome.ANSWERED;
        }
    }

    public enum Outcome {
        ANSWERED,
        /** No reply by the deadline. */
        TIMED_OUT,
        /** The connection failed or the player answered with an HTTP error status. */
        CONNECTION_ERROR
    }

    /** Sends {@code message} to the player; the request gives up after {@code timeoutMillis}. */
    public CompletableFuture<HttpResponse<String>> post(PlayerAddress player, String message, long timeoutMillis) {
        HttpRequest request = HttpRequest.newBuilder(player.uri())
            .timeout(Duration.ofMillis(Math.max(1, timeoutMillis)))
            .header("Content-Type", "text/acl")
            .POST(HttpRequest.BodyPublishers.ofString(message, StandardCharsets.UTF_8))
            .build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** Waits for a request until {@code deadlineMillis} (System.currentTimeMillis) and classifies what came back. */
    public static Reply await(CompletableFuture<HttpResponse<String>> request, long deadlineMillis) {
        long remaining = deadlineMillis - System.currentTimeMillis();
        try {
            HttpResponse<String> response = request.get(Math.max(0, remaining), TimeUnit.MILLISECONDS);
            if (response.statusCode() != 200) {
                return new Reply(Outcome.CONNECTION_ERROR, "", "HTTP status " + response.statusCode());
            }
            return Reply.answered(response.body().trim());
        } catch (TimeoutException e) {
            request.cancel(true);
            return new Reply(Outcome.TIMED_OUT, "", "no reply by the deadline");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException) {
                return new Reply(Outcome.TIMED_OUT, "", "no reply by the deadline");
            }
            return new Reply(Outcome.CONNECTION_ERROR, "", String.valueOf(cause));
        } catch (CancellationException e) {
            return new Reply(Outcome.CONNECTION_ERROR, "", "request cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            request.cancel(true);
            return new Reply(Outcome.CONNECTION_ERROR, "", "interrupted while waiting");
        }
    }
}
