package org.ratchet.player.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.match.MatchManager;

/** The pipeline of one connection: idle detection, HTTP codec, whole-request aggregation, the protocol. */
final class PlayerChannelInitializer extends ChannelInitializer<SocketChannel> {
    private static final Logger LOG = LogManager.getLogger(PlayerChannelInitializer.class);
    /** Headers of GGP requests are a few hundred bytes; browsers send a few kilobytes. */
    private static final int MAX_HEADER_BYTES = 16 * 1024;

    private final PlayerConfig config;
    private final MatchManager matches;

    PlayerChannelInitializer(PlayerConfig config, MatchManager matches) {
        this.config = config;
        this.matches = matches;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        int maxBytes = config.maxBodyBytes();
        channel.pipeline()
            .addLast(new IdleStateHandler(config.idleTimeoutSeconds(), 0, 0))
            // A GET carries the whole message in its request line, so the line gets the body's limit.
            .addLast(new HttpServerCodec(maxBytes, MAX_HEADER_BYTES, 8192))
            .addLast(new LoggingAggregator(maxBytes))
            .addLast(new PlayerHandler(matches));
    }

    /** The standard aggregator (it answers 413 and closes), plus a log line naming the client. */
    private static final class LoggingAggregator extends HttpObjectAggregator {
        LoggingAggregator(int maxContentLength) {
            super(maxContentLength);
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized)
                throws Exception {
            LOG.warn("{}: request body over the limit of {} bytes refused", ctx.channel().remoteAddress(),
                maxContentLength());
            super.handleOversizedMessage(ctx, oversized);
        }
    }
}
