package org.ratchet.player.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.gamemaster.JsonCodec;
import org.ratchet.player.status.StatusBoard;

/**
 * Answers the status port's GETs: the page's files (a fixed list, read once from the jar), {@code /status.json},
 * {@code /records.json} (the player's own match records) and {@code /records/NAME} (one of those). Any other
 * path is a 404 and any other method a 405; no path is ever turned into a file name, so nothing outside that
 * list can be served.
 */
final class StatusHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LogManager.getLogger(StatusHandler.class);
    private static final String WEB = "/org/ratchet/player/status/web/";
    /** The page's files: path, resource name and content type. */
    private static final Map<String, StaticFile> FILES = Map.of(
        "/", load("index.html", "text/html; charset=utf-8"),
        "/index.html", load("index.html", "text/html; charset=utf-8"),
        "/viewer.html", load("viewer.html", "text/html; charset=utf-8"),
        "/ratchet.js", load("ratchet.js", "text/javascript; charset=utf-8"),
        "/status.js", load("status.js", "text/javascript; charset=utf-8"),
        "/viewer.js", load("viewer.js", "text/javascript; charset=utf-8"),
        "/ratchet.css", load("ratchet.css", "text/css; charset=utf-8"));
    private static final String JSON = "application/json; charset=utf-8";

    private record StaticFile(byte[] content, String contentType) {
    }

    private final StatusBoard board;
    private final RequestDeadline deadline;

    StatusHandler(StatusBoard board, RequestDeadline deadline) {
        this.board = board;
        this.deadline = deadline;
    }

    private static StaticFile load(String name, String contentType) {
        try (InputStream in = StatusHandler.class.getResourceAsStream(WEB + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks the status page's " + name);
            }
            return new StaticFile(in.readAllBytes(), contentType);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        deadline.requestComplete();
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (!request.decoderResult().isSuccess()) {
            send(ctx, HttpResponseStatus.BAD_REQUEST, "text/plain; charset=utf-8", bytes("bad request"), false);
            return;
        }
        if (!HttpMethod.GET.equals(request.method()) && !HttpMethod.HEAD.equals(request.method())) {
            send(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, "text/plain; charset=utf-8", bytes("GET only"), keepAlive);
            return;
        }
        String path = new QueryStringDecoder(request.uri()).rawPath();
        StaticFile file = FILES.get(path);
        if (file != null) {
            send(ctx, HttpResponseStatus.OK, file.contentType(), file.content(), keepAlive);
        } else if (path.equals("/status.json")) {
            send(ctx, HttpResponseStatus.OK, JSON, bytes(JsonCodec.write(board.snapshot())), keepAlive);
        } else if (path.equals("/records.json")) {
            send(ctx, HttpResponseStatus.OK, JSON, bytes(JsonCodec.write(board.records().list())), keepAlive);
        } else if (path.startsWith("/records/")) {
            // Read off the event loop would be better for huge records; they are bounded by PlayerRecords.
            String record = board.records().read(path.substring("/records/".length()));
            if (record != null) {
                send(ctx, HttpResponseStatus.OK, JSON, bytes(record), keepAlive);
            } else {
                notFound(ctx, keepAlive);
            }
        } else {
            notFound(ctx, keepAlive);
        }
    }

    private static void notFound(ChannelHandlerContext ctx, boolean keepAlive) {
        send(ctx, HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8", bytes("not found"), keepAlive);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void send(ChannelHandlerContext ctx, HttpResponseStatus status, String contentType, byte[] body,
                             boolean keepAlive) {
        FullHttpResponse response = new DefaultFullHttpResponse(io.netty.handler.codec.http.HttpVersion.HTTP_1_1,
            status, Unpooled.wrappedBuffer(body));
        response.headers()
            .set(HttpHeaderNames.CONTENT_TYPE, contentType)
            .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
            .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
            .set("X-Content-Type-Options", "nosniff")
            // The page loads only its own files and data: no inline script, nothing from elsewhere.
            .set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:");
        HttpUtil.setKeepAlive(response, keepAlive);
        var written = ctx.writeAndFlush(response);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("{}: status connection closed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
