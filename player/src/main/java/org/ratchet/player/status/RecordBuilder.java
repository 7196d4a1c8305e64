package org.ratchet.player.status;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.ratchet.player.gamemaster.MatchRecord;
import org.ratchet.player.match.MatchObserver;

/**
 * Collects one of the player's own matches as it is played, for a record in the format of ggp.org match
 * records that {@code ratchet match} writes too: the states the fallback engine followed, the joint moves and
 * the goals. The player sees only its own side, so the other players' names are empty and no errors are
 * recorded. At most {@link #MAX_STATES} states are kept.
 */
final class RecordBuilder {
    static final int MAX_STATES = 5000;

    private final MatchObserver.Start start;
    private final String game;
    private final List<MatchObserver.State> states = new ArrayList<>();

    RecordBuilder(MatchObserver.Start start, String game) {
        this.start = start;
        this.game = game;
    }

    void add(MatchObserver.State state) {
        if (states.size() < MAX_STATES) {
            states.add(state);
        }
    }

    MatchRecord toRecord(MatchObserver.End end, String playerName) {
        List<String> roles = states.isEmpty() ? List.of(start.role()) : states.get(0).roles();
        List<String> players = new ArrayList<>(Collections.nCopies(roles.size(), ""));
        for (int i = 0; i < roles.size(); i++) {
            if (roles.get(i).equalsIgnoreCase(start.role())) {
                players.set(i, playerName);
            }
        }
        MatchRecord record = new MatchRecord(start.matchId(), MatchRecord.newRandomToken(), start.receivedAtMillis(),
            (int) (start.startClockMillis() / 1000), (int) (start.playClockMillis() / 1000), game, start.rules(),
            roles, players);
        List<String> noErrors = Collections.nCopies(roles.size(), "");
        for (MatchObserver.State state : states) {
            if (state.ply() > 0) {
                record.addMoves(state.jointMove());
            }
            record.addState(state.facts(), state.atMillis());
            record.addErrors(noErrors);
        }
        if (end.aborted()) {
            record.markAborted();
        } else if (end.goals().size() == roles.size()) {
            record.markCompleted(end.goals());
        }
        return record;
    }
}
