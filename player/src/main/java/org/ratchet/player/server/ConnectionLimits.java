package org.ratchet.player.server;

import io.netty.channel.socket.SocketChannel;
import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Caps the connections open at once, in all and per remote address, so that one client cannot take every
 * socket (and with it the event loops' attention) from the game server. A connection over a cap is closed
 * as soon as it opens. While connections are being refused, one line says which cap was hit; the next
 * connection admitted afterwards says how many were refused meanwhile, so an attack costs two log lines.
 * Shared by all connections of one server; called from several event loops.
 */
final class ConnectionLimits {
    private static final Logger LOG = LogManager.getLogger(ConnectionLimits.class);

    private final int maxTotal;
    private final int maxPerAddress;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentHashMap<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();
    /** Connections refused since the last one admitted; 0 while no cap is hit. */
    private final AtomicInteger refusedSinceLastAdmitted = new AtomicInteger();

    ConnectionLimits(int maxTotal, int maxPerAddress) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
    }

    /**
     * Admits a new connection, or closes it if it is over a cap; an admitted connection is released when it
     * closes. Returns whether it was admitted.
     */
    boolean admitOrClose(SocketChannel channel) {
        InetAddress client = channel.remoteAddress().getAddress();
        if (!admit(client)) {
            channel.close();
            return false;
        }
        channel.closeFuture().addListener(closed -> release(client));
        return true;
    }

    /** Counts a new connection from {@code address}; false (and not counted) if it would break a cap. */
    boolean admit(InetAddress address) {
        int fromAddress = perAddress.merge(address, 1, Integer::sum);
        int all = total.incrementAndGet();
        if (fromAddress <= maxPerAddress && all <= maxTotal) {
            int refused = refusedSinceLastAdmitted.getAndSet(0);
            if (refused > 0) {
                LOG.info("connections admitted again; {} were refused while a cap was hit", refused);
            }
            return true;
        }
        release(address);
        if (refusedSinceLastAdmitted.getAndIncrement() == 0) {
            String cap = fromAddress > maxPerAddress
                ? address.getHostAddress() + " has " + maxPerAddress + " connections open (max.connections.per.address)"
                : maxTotal + " connections are open in all (max.connections)";
            LOG.warn("connection cap hit: {}; new connections are closed until the cap is kept again", cap);
        }
        return false;
    }

    /** Forgets a connection that was admitted (or refused after counting) once it is closed. */
    void release(InetAddress address) {
        perAddress.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1);
        total.decrementAndGet();
    }
}
