package org.ratchet.player.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.match.MatchManager;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.Message;
import org.ratchet.player.protocol.MessageParser;
import org.ratchet.player.protocol.ProtocolException;

/**
 * Turns HTTP requests into protocol messages and replies into HTTP responses. A message comes as a POST
 * body or URL-encoded in the path of a GET; browsers first send an OPTIONS preflight, so every response
 * carries permissive CORS headers. The handler only parses and writes: answers are computed by the
 * {@link MatchManager} and written when its future completes. One request is answered at a time per
 * connection (reading pauses meanwhile), which keeps replies in request order.
 */
final class PlayerHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LogManager.getLogger(PlayerHandler.class);
    static final String CONTENT_TYPE = "text/acl";
    private static final int LOGGED_REPLY_CHARS = 120;

    private final MatchManager matches;
    private final RequestDeadline deadline;
    /** Set while a reply is being computed; confined to the channel's event loop. */
    private boolean replyPending;

    PlayerHandler(MatchManager matches, RequestDeadline deadline) {
        this.matches = matches;
        this.deadline = deadline;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        deadline.requestComplete();
        long receivedAtMillis = System.currentTimeMillis();
        long startNanos = System.nanoTime();
        SocketAddress client = ctx.channel().remoteAddress();
        HttpVersion version = request.protocolVersion();
        if (!request.decoderResult().isSuccess()) {
            LOG.warn("{}: malformed HTTP request refused: {}", client, request.decoderResult().cause().getMessage());
            sendError(ctx, version, HttpResponseStatus.BAD_REQUEST, "malformed HTTP request", false);
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        HttpMethod method = request.method();
        String text;
        if (HttpMethod.OPTIONS.equals(method)) {
            LOG.debug("{}: OPTIONS preflight answered", client);
            send(ctx, version, HttpResponseStatus.OK, CONTENT_TYPE, "", keepAlive);
            return;
        } else if (HttpMethod.POST.equals(method)) {
            text = request.content().toString(StandardCharsets.UTF_8);
        } else if (HttpMethod.GET.equals(method)) {
            try {
                text = messageInUri(request.uri());
            } catch (IllegalArgumentException badEscape) {
                LOG.warn("{}: GET with a malformed URI refused: {}", client, badEscape.getMessage());
                sendError(ctx, version, HttpResponseStatus.BAD_REQUEST, "malformed URI: " + badEscape.getMessage(),
                    keepAlive);
                return;
            }
        } else {
            LOG.warn("{}: {} request refused", client, method);
            sendError(ctx, version, HttpResponseStatus.METHOD_NOT_ALLOWED, "use POST, GET or OPTIONS", keepAlive);
            return;
        }

        Message message;
        try {
            message = MessageParser.parse(text);
        } catch (ProtocolException malformed) {
            LOG.warn("{}: unreadable message refused: {}", client, malformed.getMessage());
            sendError(ctx, version, HttpResponseStatus.BAD_REQUEST, malformed.getMessage(), keepAlive);
            return;
        }

        replyPending = true;
        ctx.channel().config().setAutoRead(false);
        matches.handle(message, receivedAtMillis).whenComplete((response, failure) -> ctx.executor().execute(() -> {
            replyPending = false;
            long tookMillis = (System.nanoTime() - startNanos) / 1_000_000;
            String where = message.matchId() == null ? message.kind()
                : message.kind() + " " + Kif.abbreviate(message.matchId());
            if (failure != null) {
                LOG.error("{}: {} failed after {} ms", client, where, tookMillis, failure);
                sendError(ctx, version, HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error", false);
            } else if (response.ok()) {
                LOG.info("{}: {} -> {} in {} ms", client, where, Kif.abbreviate(response.text(), LOGGED_REPLY_CHARS), tookMillis);
                send(ctx, version, HttpResponseStatus.OK, CONTENT_TYPE, response.text(), keepAlive);
            } else {
                LOG.warn("{}: {} -> error: {} in {} ms", client, where, response.text(), tookMillis);
                sendError(ctx, version, HttpResponseStatus.BAD_REQUEST, response.text(), keepAlive);
            }
            ctx.channel().config().setAutoRead(true);
        }));
    }

    /** The message of a GET: the path after the leading slash (or the query if the path is empty), decoded. */
    static String messageInUri(String uri) {
        QueryStringDecoder decoder = new QueryStringDecoder(uri);
        String path = decoder.path();
        String text = path.startsWith("/") ? path.substring(1) : path;
        if (text.isBlank() && !decoder.rawQuery().isEmpty()) {
            text = QueryStringDecoder.decodeComponent(decoder.rawQuery());
        }
        return text;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            // A connection waiting for a move is quiet by design; only clients that owe a request are idle.
            if (!replyPending) {
                LOG.info("{}: idle connection closed", ctx.channel().remoteAddress());
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException || cause instanceof PrematureChannelClosureException) {
            // The client went away (or an idle one was closed) in the middle of a request: nothing to answer.
            LOG.info("{}: connection lost: {}", ctx.channel().remoteAddress(), cause.getMessage());
        } else {
            LOG.warn("{}: connection closed after an error", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }

    private static void sendError(ChannelHandlerContext ctx, HttpVersion version, HttpResponseStatus status,
                                  String reason, boolean keepAlive) {
        write(ctx, errorResponse(version, status, reason, keepAlive), keepAlive);
    }

    private static void send(ChannelHandlerContext ctx, HttpVersion version, HttpResponseStatus status,
                             String contentType, String body, boolean keepAlive) {
        write(ctx, response(version, status, contentType, body, keepAlive), keepAlive);
    }

    private static void write(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        if (keepAlive) {
            ctx.writeAndFlush(response);
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** A refusal: {@code error: REASON} as plain text, with the same headers as every other reply. */
    static FullHttpResponse errorResponse(HttpVersion version, HttpResponseStatus status, String reason,
                                          boolean keepAlive) {
        return response(version, status, "text/plain; charset=UTF-8", "error: " + reason, keepAlive);
    }

    /**
     * Every response the player sends is built here, so each one carries the CORS headers that let a
     * browser-based gamemaster read it, refusals included.
     */
    static FullHttpResponse response(HttpVersion version, HttpResponseStatus status, String contentType, String body,
                                     boolean keepAlive) {
        ByteBuf content = Unpooled.copiedBuffer(body, StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(version, status, content);
        // Spelled in the traditional capitalisation: some older game servers match header names exactly.
        response.headers()
            .set("Content-Type", contentType)
            .setInt("Content-Length", content.readableBytes())
            .set("Access-Control-Allow-Origin", "*")
            .set("Access-Control-Allow-Methods", "POST, GET, OPTIONS")
            .set("Access-Control-Allow-Headers", "Content-Type");
        HttpUtil.setKeepAlive(response, keepAlive);
        return response;
    }
}
