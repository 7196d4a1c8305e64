package org.ratchet.player.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Cuts off clients that trickle a request (slowloris): from its first byte, a request must arrive whole,
 * headers and body, within the bound, or the connection is closed with a log line. The idle timeout alone
 * does not catch them, as a byte every second or two keeps a connection from ever being idle.
 *
 * <p>Sits first in the pipeline, where it sees raw bytes: the first bytes of a request arm the deadline,
 * and {@link PlayerHandler} disarms it when the whole request has been decoded. While a reply is being
 * computed the channel does not read, so nothing arms it until the next request starts.
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LogManager.getLogger(RequestDeadline.class);

    private final int timeoutSeconds;
    /** Armed while a request is arriving; confined to the channel's event loop. */
    private ScheduledFuture<?> deadline;

    RequestDeadline(int timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object bytes) {
        if (deadline == null) {
            deadline = ctx.executor().schedule(() -> {
                LOG.warn("{}: request not complete {} s after its first byte; connection closed",
                    ctx.channel().remoteAddress(), timeoutSeconds);
                ctx.close();
            }, timeoutSeconds, TimeUnit.SECONDS);
        }
        ctx.fireChannelRead(bytes);
    }

    /** The request has arrived whole: the next one gets a deadline of its own. */
    void requestComplete() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        requestComplete();
        ctx.fireChannelInactive();
    }
}
