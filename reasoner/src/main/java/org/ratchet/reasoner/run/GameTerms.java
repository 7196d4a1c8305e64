package org.ratchet.reasoner.run;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.List;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.InstanceSet;

/**
 * The ID of every fact and move of a compiled game and back: fact IDs are local IDs of {@code true}, move
 * IDs local IDs of {@code does}, so they agree across all machines of a game. Immutable.
 */
public final class GameTerms {
    final List<Term> roles;
    private final Term[] facts;
    private final Object2IntOpenHashMap<Term> factIds = new Object2IntOpenHashMap<>();
    private final Term[] moves;
    /** moveRole[m]: the role index that makes move m, or -1 for a move of no declared role. */
    private final int[] moveRole;
    private final Object2IntOpenHashMap<Term>[] moveIds;

    /** {@code trueSet} and {@code doesSet} are grounding's instances of {@code true} and {@code does}. */
    @SuppressWarnings("unchecked")
    public GameTerms(List<Term> roles, InstanceSet trueSet, InstanceSet doesSet) {
        this.roles = roles;
        facts = new Term[trueSet.size()];
        factIds.defaultReturnValue(-1);
        for (int i = 0; i < facts.length; i++) {
            facts[i] = trueSet.get(i).arg(0);
            factIds.put(facts[i], i);
        }
        moves = new Term[doesSet.size()];
        moveRole = new int[doesSet.size()];
        moveIds = new Object2IntOpenHashMap[roles.size()];
        for (int r = 0; r < roles.size(); r++) {
            moveIds[r] = new Object2IntOpenHashMap<>();
            moveIds[r].defaultReturnValue(-1);
        }
        for (int i = 0; i < moves.length; i++) {
            Term does = doesSet.get(i);
            moves[i] = does.arg(1);
            moveRole[i] = roles.indexOf(does.arg(0));
            if (moveRole[i] >= 0) {
                moveIds[moveRole[i]].put(moves[i], i);
            }
        }
    }

    public Term moveTerm(int moveId) {
        return moves[moveId];
    }

    /** The move's ID for the role, or -1. */
    public int moveId(int role, Term move) {
        return moveIds[role].getInt(move);
    }

    public Term factTerm(int factId) {
        return facts[factId];
    }

    /** The fact's ID, or -1. */
    public int factId(Term fact) {
        return factIds.getInt(fact);
    }

    public int factCount() {
        return facts.length;
    }

    public int moveCount() {
        return moves.length;
    }
}
