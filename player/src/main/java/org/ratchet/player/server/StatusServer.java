package org.ratchet.player.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.ratchet.player.status.StatusBoard;

/**
 * The status page's HTTP endpoint, on a port of its own so that it never touches the GGP endpoint: the page's
 * own files and {@code /status.json}, nothing else, answered by {@link StatusHandler}. Requests are small
 * GETs: a request line of 2 kB, 8 kB of headers and no body; slow or idle connections are cut off, and the
 * connection caps are the GGP endpoint's. Shares the GGP server's event loops (serving a snapshot is cheap).
 */
final class StatusServer {
    static final int MAX_REQUEST_LINE = 2048;
    static final int MAX_HEADER_BYTES = 8192;
    private static final int IDLE_SECONDS = 30;

    private final StatusBoard board;
    private final ConnectionLimits limits;
    private final int requestTimeoutSeconds;
    private Channel channel;

    StatusServer(StatusBoard board, int maxConnections, int maxPerAddress, int requestTimeoutSeconds) {
        this.board = board;
        this.limits = new ConnectionLimits(maxConnections, maxPerAddress);
        this.requestTimeoutSeconds = requestTimeoutSeconds;
    }

    /** Binds {@code address:port} and returns the bound address. */
    InetSocketAddress start(EventLoopGroup acceptor, EventLoopGroup workers, InetAddress address, int port)
            throws InterruptedException {
        ServerBootstrap bootstrap = new ServerBootstrap()
            .group(acceptor, workers)
            .channel(NioServerSocketChannel.class)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    if (!limits.admitOrClose(ch)) {
                        return;
                    }
                    RequestDeadline deadline = new RequestDeadline(requestTimeoutSeconds);
                    ch.pipeline()
                        .addLast(deadline)
                        .addLast(new IdleStateHandler(IDLE_SECONDS, 0, 0))
                        .addLast(new HttpServerCodec(MAX_REQUEST_LINE, MAX_HEADER_BYTES, 8192))
                        .addLast(new HttpObjectAggregator(0))
                        .addLast(new StatusHandler(board, deadline));
                }
            });
        channel = bootstrap.bind(new InetSocketAddress(address, port)).sync().channel();
        return (InetSocketAddress) channel.localAddress();
    }

    void close() {
        if (channel != null) {
            channel.close().syncUninterruptibly();
        }
    }
}
