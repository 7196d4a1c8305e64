package org.ratchet.player.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.FullHttpMessage;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ReferenceCountUtil;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.match.MatchManager;

/**
 * The pipeline of one connection: the request deadline, idle detection, HTTP codec, whole-request
 * aggregation, the protocol. A connection over the connection caps is closed before it gets one.
 */
final class PlayerChannelInitializer extends ChannelInitializer<SocketChannel> {
    private static final Logger LOG = LogManager.getLogger(PlayerChannelInitializer.class);
    /** Headers of GGP requests are a few hundred bytes; browsers send a few kilobytes. */
    private static final int MAX_HEADER_BYTES = 16 * 1024;

    private final PlayerConfig config;
    private final MatchManager matches;
    private final ConnectionLimits limits;

    PlayerChannelInitializer(PlayerConfig config, MatchManager matches) {
        this.config = config;
        this.matches = matches;
        this.limits = new ConnectionLimits(config.maxConnections(), config.maxConnectionsPerAddress());
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        if (!limits.admitOrClose(channel)) {
            return;
        }
        int maxBytes = config.maxBodyBytes();
        RequestDeadline deadline = new RequestDeadline(config.requestTimeoutSeconds());
        channel.pipeline()
            .addLast(deadline)
            .addLast(new IdleStateHandler(config.idleTimeoutSeconds(), 0, 0))
            // A GET carries the whole message in its request line, so the line gets the body's limit.
            .addLast(new HttpServerCodec(maxBytes, MAX_HEADER_BYTES, 8192))
            .addLast(new LimitingAggregator(maxBytes))
            .addLast(new PlayerHandler(matches, deadline));
    }

    /**
     * The standard aggregator, except that a request over the size limit is refused like every other bad
     * request: a 413 whose text names the limit, with the CORS headers, and a log line. Netty refuses such a
     * request on one of two paths, and both are replaced:
     * <ul>
     *   <li>a request that announces its size and waits for {@code 100 Continue} before sending the body (curl
     *       does so above 1 MB) is refused before the body is sent ({@link #newContinueResponse});</li>
     *   <li>any other request is refused as soon as its size is known to exceed the limit
     *       ({@link #handleOversizedMessage}).</li>
     * </ul>
     */
    static final class LimitingAggregator extends HttpObjectAggregator {
        LimitingAggregator(int maxContentLength) {
            super(maxContentLength);
        }

        @Override
        protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
            // The stock answer also resets the decoder so that the body the client will not send is not awaited.
            Object answer = super.newContinueResponse(start, maxContentLength, pipeline);
            if (answer instanceof HttpResponse stock
                    && stock.status().code() == HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE.code()) {
                ReferenceCountUtil.release(stock);
                logRefusal(pipeline.channel(), start, " before its body was sent (Expect: 100-continue)");
                return tooLarge(start, HttpUtil.isKeepAlive(start));
            }
            return answer;
        }

        /** Netty keeps the connection after refusing a 100-continue request; not if the client asked to close. */
        @Override
        protected boolean closeAfterContinueResponse(Object answer) {
            return super.closeAfterContinueResponse(answer)
                || answer instanceof HttpResponse response && !HttpUtil.isKeepAlive(response);
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
            logRefusal(ctx.channel(), oversized, "");
            // As Netty decides: the connection can be kept only if the client wants it kept and the size was
            // known from the headers (the rest of the body is then read and dropped). Part of a body already
            // taken in (a FullHttpMessage) means it came without a length, so there is no telling where it ends.
            boolean keepAlive = !(oversized instanceof FullHttpMessage)
                && (HttpUtil.is100ContinueExpected(oversized) || HttpUtil.isKeepAlive(oversized));
            ChannelFuture written = ctx.writeAndFlush(tooLarge(oversized, keepAlive));
            written.addListener(keepAlive ? ChannelFutureListener.CLOSE_ON_FAILURE : ChannelFutureListener.CLOSE);
        }

        private FullHttpResponse tooLarge(HttpMessage request, boolean keepAlive) {
            return PlayerHandler.errorResponse(request.protocolVersion(), HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                "request body over the limit of " + maxContentLength() + " bytes", keepAlive);
        }

        private void logRefusal(Channel channel, HttpMessage request, String when) {
            long length = HttpUtil.getContentLength(request, -1L);
            LOG.warn("{}: request {}over the limit of {} bytes refused{}", channel.remoteAddress(),
                length >= 0 ? "of " + length + " bytes " : "", maxContentLength(), when);
        }
    }
}
