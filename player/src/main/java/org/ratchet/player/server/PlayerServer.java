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

/**
 * The GGP player's HTTP endpoint. Two small event-loop groups only accept connections, decode requests and
 * write replies; all game work runs on the {@link MatchManager}'s threads.
 */
public final class PlayerServer implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(PlayerServer.class);

    private final PlayerConfig config;
    private final MatchManager matches;
    private final EventLoopGroup acceptor = new NioEventLoopGroup(1);
    private final EventLoopGroup workers = new NioEventLoopGroup(2);
    private Channel channel;

    public PlayerServer(PlayerConfig config) {
        this(config, new MatchManager(config));
    }

    /** A server answering through the given manager, which it closes with itself. */
    public PlayerServer(PlayerConfig config, MatchManager matches) {
        this.config = config;
        this.matches = matches;
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
        return port;
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
        matches.close();
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        LOG.info("server stopped");
    }
}
