package org.ratchet.player.gamemaster;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.config.Setting;
import org.ratchet.player.server.PlayerServer;

/** Real Ratchet players, served in this JVM on ephemeral loopback ports, for matches in tests. */
final class RatchetPlayers implements AutoCloseable {
    private final List<PlayerServer> servers = new ArrayList<>();
    private final List<PlayerAddress> addresses = new ArrayList<>();

    /** Starts one player per strategy; one search thread each, since tests share two cores. */
    RatchetPlayers(String... strategies) throws InterruptedException {
        for (String strategy : strategies) {
            PlayerConfig config = PlayerConfig.defaults()
                .with(Setting.STRATEGY, strategy)
                .with(Setting.THREADS, "1")
                .with(Setting.START_MARGIN_MS, "500")
                .with(Setting.PLAY_MARGIN_MS, "500")
                .with(Setting.STATUS_PORT, "0")
                .with(Setting.RECORDS_KEEP, "0");
            PlayerServer server = new PlayerServer(config);
            servers.add(server);
            int port = server.start(new InetSocketAddress("127.0.0.1", 0));
            addresses.add(new PlayerAddress("127.0.0.1", port));
        }
    }

    static RatchetPlayers random(int count) throws InterruptedException {
        String[] strategies = new String[count];
        Arrays.fill(strategies, "random");
        return new RatchetPlayers(strategies);
    }

    List<PlayerAddress> addresses() {
        return List.copyOf(addresses);
    }

    @Override
    public void close() {
        servers.forEach(PlayerServer::close);
    }
}
