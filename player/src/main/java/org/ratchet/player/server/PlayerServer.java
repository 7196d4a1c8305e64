package org.ratchet.player.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.match.MatchManager;
import org.ratchet.player.status.PlayerRecords;
import org.ratchet.player.status.StatusBoard;
import org.ratchet.player.status.StatusSnapshot;

/**
 * The GGP player's HTTP endpoint. Two small event-loop groups only accept connections, decode requests and
 * write replies; all game work runs on the {@link MatchManager}'s threads.
 */
public final class PlayerServer implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(PlayerServer.class);

    private final PlayerConfig config;
    private final MatchManager matches;
    /** The status page's data and the player's match records; null for a server made around a given manager. */
    private final StatusBoard board;
    private final EventLoopGroup acceptor = new NioEventLoopGroup(1);
    private final EventLoopGroup workers = new NioEventLoopGroup(2);
    private Channel channel;
    private StatusServer statusServer;
    private InetSocketAddress statusAddress;

    /** The player with its status page and match records as configured. */
    public PlayerServer(PlayerConfig config) {
        this.config = config;
        this.board = new StatusBoard(
            new StatusSnapshot.Player(config.name(), config.port(), config.strategy(), config.threads()),
            new PlayerRecords(config.recordsDir(), config.recordsKeep()));
        this.matches = new MatchManager(config, board);
    }

    /** A server answering through the given manager, which it closes with itself; no status page, no records. */
    public PlayerServer(PlayerConfig config, MatchManager matches) {
        this.config = config;
        this.matches = matches;
        this.board = null;
    }

    /** Binds the configured port (0 picks a free one) on all interfaces and returns the bound port. */
    public int start() throws InterruptedException {
        return start(new InetSocketAddress(config.port()));
    }

    /** Binds the given address (tests use 127.0.0.1 with port 0) and returns the bound port. */
    public int start(InetSocketAddress address) throws InterruptedException {
        ServerBootstrap bootstrap = new ServerBootstrap()
            .group(acceptor, workers)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_BACKLOG, 128)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(new PlayerChannelInitializer(config, matches));
        channel = bootstrap.bind(address).sync().channel();
        int port = ((InetSocketAddress) channel.localAddress()).getPort();
        LOG.info("{} listening on port {} ({})", config.name(), port, config);
        if (board != null) {
            board.ggpPortBound(port);
        }
        startStatusPage();
        return port;
    }

    /**
     * Opens the status page if it is on. A port that cannot be bound (taken by another player on this host)
     * costs the page, never the GGP endpoint: one warning, and play goes on.
     */
    private void startStatusPage() {
        if (board == null || config.statusPort() == 0) {
            return;
        }
        StatusServer server = new StatusServer(board, config.maxConnections(), config.maxConnectionsPerAddress(),
            config.requestTimeoutSeconds());
        try {
            statusAddress = server.start(acceptor, workers, config.statusBind(), config.statusPort());
            statusServer = server;
            LOG.info("status page on {}", statusUrl());
        } catch (Exception bindFailure) {
            LOG.warn("status page not started: cannot listen on {}:{} ({}); the player serves GGP without it",
                config.statusBind().getHostAddress(), config.statusPort(), bindFailure.toString());
        }
    }

    /** The status page's address, {@code http://127.0.0.1:9247/}, or null if it is off or did not start. */
    public String statusUrl() {
        if (statusAddress == null) {
            return null;
        }
        String host = statusAddress.getAddress().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + statusAddress.getPort() + "/";
    }

    /** Blocks until the server is closed. */
    public void awaitClose() throws InterruptedException {
        channel.closeFuture().sync();
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.close().syncUninterruptibly();
        }
        if (statusServer != null) {
            statusServer.close();
        }
        matches.close();
        if (board != null) {
            board.close();
        }
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        LOG.info("server stopped");
    }
}
