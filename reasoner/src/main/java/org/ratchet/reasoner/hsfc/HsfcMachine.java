package org.ratchet.reasoner.hsfc;

import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Term;

/**
 * One thread's view of a compiled game: its own knowledge base (HSFC section 3), evaluated with the
 * shared reference tables. Per relation the knowledge base keeps the IDs present in production order plus a
 * bitset over global IDs; permanent IDs stay at the front of each list, so clearing a state only unsets the
 * bits of the IDs written since (O(n)). Nothing is allocated per state step.
 */
final class HsfcMachine implements StateMachine {
    private final HsfcGame game;
    private final int[][] lists;
    private final int[] counts;
    private final long[] bits;
    private final int[] offsets;
    /** Input position and RefNo per stage while a rule runs. */
    private final int[] position;
    private final int[] refNo;
    private final int[] nextScratch;
    private final int[][] roleMoves;
    private final int[] roleMoveCounts;
    private boolean goalsComputed;
    private boolean movesListed;
    /** Counts knowledge-base writes, so recursive blocks know when they reached their fixpoint. */
    private int writes;
    /** Sums of list sizes per relation after each phase, for hypothesis-ordering statistics; null when off. */
    private long[] sizeSums;
    private long[] sizeSamples;

    HsfcMachine(HsfcGame game) {
        this.game = game;
        RelationLayout layout = game.layout;
        int relations = layout.count();
        lists = new int[relations][];
        counts = new int[relations];
        bits = new long[(layout.totalSize() >>> 6) + 1];
        offsets = game.offsets;
        for (int r = 0; r < relations; r++) {
            int[] permanent = game.permanent[r];
            lists[r] = new int[Math.max(layout.size(r), 1)];
            System.arraycopy(permanent, 0, lists[r], 0, permanent.length);
            counts[r] = permanent.length;
            int offset = layout.offset(r);
            for (int local : permanent) {
                int global = offset + local;
                bits[global >>> 6] |= 1L << global;
            }
        }
        position = new int[game.maxStages + 1];
        refNo = new int[game.maxStages + 1];
        nextScratch = new int[Math.max(layout.size(game.nextRelation), 1)];
        roleMoves = new int[game.roles.size()][];
        roleMoveCounts = new int[game.roles.size()];
        for (int role = 0; role < roleMoves.length; role++) {
            roleMoves[role] = new int[Math.max(game.legalCountOfRole[role], 1)];
        }
        setState(game.initialState);
    }

    @Override
    public GameDescription description() {
        return game.description;
    }

    @Override
    public int roleCount() {
        return game.roles.size();
    }

    @Override
    public Term role(int roleIndex) {
        return game.roles.get(roleIndex);
    }

    @Override
    public State initialState() {
        return game.initialState;
    }

    @Override
    public void setState(State state) {
        clear();
        int trueRelation = game.trueRelation;
        for (int i = 0; i < state.size(); i++) {
            write(trueRelation, state.fact(i));
        }
        computeStateRelations();
    }

    @Override
    public State currentState() {
        int[] facts = Arrays.copyOf(lists[game.trueRelation], counts[game.trueRelation]);
        Arrays.sort(facts);
        return new State(facts);
    }

    @Override
    public boolean isTerminal() {
        return game.terminalId >= 0 && has(game.terminalId);
    }

    @Override
    public int legalCount(int roleIndex) {
        listMoves();
        return roleMoveCounts[roleIndex];
    }

    @Override
    public int legalMove(int roleIndex, int i) {
        listMoves();
        if (i >= roleMoveCounts[roleIndex]) {
            throw new IndexOutOfBoundsException("role " + roleIndex + " has " + roleMoveCounts[roleIndex]
                + " legal moves, asked for move " + i);
        }
        return roleMoves[roleIndex][i];
    }

    @Override
    public void advance(int[] jointMove) {
        int doesRelation = game.doesRelation;
        for (int move : jointMove) {
            write(doesRelation, move);
        }
        run(game.nextPhase);
        sample(game.nextPhaseRelations);
        int nextRelation = game.nextRelation;
        int n = counts[nextRelation];
        int[] next = lists[nextRelation];
        int[] nextToTrue = game.nextToTrue;
        for (int i = 0; i < n; i++) {
            nextScratch[i] = nextToTrue[next[i]];
        }
        clear();
        int trueRelation = game.trueRelation;
        for (int i = 0; i < n; i++) {
            write(trueRelation, nextScratch[i]);
        }
        computeStateRelations();
    }

    @Override
    public int goal(int roleIndex) {
        if (!goalsComputed) {
            run(game.goalPhase);
            sample(game.goalPhaseRelations);
            goalsComputed = true;
        }
        int goalRelation = game.goalRelation;
        int[] list = lists[goalRelation];
        int best = -1;
        for (int i = 0, n = counts[goalRelation]; i < n; i++) {
            int id = list[i];
            if (game.goalRole[id] == roleIndex) {
                best = Math.max(best, game.goalValue[id]);
            }
        }
        return Math.max(best, 0);
    }

    @Override
    public Term move(int moveId) {
        return game.moveTerm(moveId);
    }

    @Override
    public int moveId(int roleIndex, Term move) {
        return game.moveId(roleIndex, move);
    }

    @Override
    public Term fact(int factId) {
        return game.factTerm(factId);
    }

    @Override
    public int factId(Term fact) {
        return game.factId(fact);
    }

    // ---- evaluation ----

    private void computeStateRelations() {
        run(game.legalPhase);
        sample(game.legalPhaseRelations);
        goalsComputed = false;
        movesListed = false;
    }

    private void listMoves() {
        if (movesListed) {
            return;
        }
        Arrays.fill(roleMoveCounts, 0);
        int legalRelation = game.legalRelation;
        int[] list = lists[legalRelation];
        for (int i = 0, n = counts[legalRelation]; i < n; i++) {
            int id = list[i];
            int role = game.legalRole[id];
            if (role >= 0) {
                roleMoves[role][roleMoveCounts[role]++] = game.legalToDoes[id];
            }
        }
        movesListed = true;
    }

    private void run(HsfcGame.Block[] blocks) {
        for (HsfcGame.Block block : blocks) {
            CompiledRule[] rules = block.rules();
            if (!block.recursive()) {
                for (CompiledRule rule : rules) {
                    run(rule);
                }
                continue;
            }
            // rules depending on themselves within a stratum: repeat until a pass derives nothing new
            int before;
            do {
                before = writes;
                for (CompiledRule rule : rules) {
                    run(rule);
                }
            } while (writes != before);
        }
    }

    /** HSFC Figure 1: enumerate input combinations through the reference tables, post results. */
    private void run(CompiledRule rule) {
        if (!conditionsHold(rule.conditionIds[0], rule.conditionNegated[0], 0)) {
            return;
        }
        int stages = rule.inputRelation.length;
        int head = rule.headRelation;
        int[] result = rule.result;
        if (stages == 0) {
            write(head, result[0]);
            return;
        }
        int[] inputRelation = rule.inputRelation;
        int[][][] staticNext = rule.staticNext;
        int[] inputSize = rule.inputSize;
        int[][] inputTable = rule.inputTable;
        int[][][] conditionIds = rule.conditionIds;
        boolean[][] conditionNegated = rule.conditionNegated;
        boolean[] existential = rule.existential;
        int[] position = this.position;
        int[] refNo = this.refNo;
        int last = stages - 1;
        int k = 0;
        refNo[0] = 0;
        position[0] = 0;
        while (true) {
            int next;
            int[][] fixed = staticNext[k];
            if (fixed != null) {
                // a static input: the RefNos it can lead to were listed at compile time
                int[] options = fixed[refNo[k]];
                if (position[k] >= options.length) {
                    if (k == 0) {
                        return;
                    }
                    k--;
                    position[k] = existential[k] ? Integer.MAX_VALUE : position[k] + 1;
                    continue;
                }
                next = options[position[k]];
            } else {
                int relation = inputRelation[k];
                if (position[k] >= counts[relation]) {
                    if (k == 0) {
                        return;
                    }
                    k--;
                    position[k] = existential[k] ? Integer.MAX_VALUE : position[k] + 1;
                    continue;
                }
                int chi = lists[relation][position[k]];
                // HSFC Def. 7: RefIndex = RefNo × |S(Q)| + χ
                next = inputTable[k][refNo[k] * inputSize[k] + chi];
                if (next < 0) {
                    position[k]++;
                    continue;
                }
            }
            int[][] conditions = conditionIds[k + 1];
            if (conditions.length != 0 && !conditionsHold(conditions, conditionNegated[k + 1], next)) {
                position[k]++;
                continue;
            }
            if (k == last) {
                // HSFC Def. 9: the last RefNo indexes the result
                write(head, result[next]);
                position[k] = existential[k] ? Integer.MAX_VALUE : position[k] + 1;
                continue;
            }
            k++;
            refNo[k] = next;
            position[k] = 0;
        }
    }

    /** HSFC Def. 8: each condition's table gives the global ID to test for the current RefNo. */
    private boolean conditionsHold(int[][] ids, boolean[] negated, int ref) {
        for (int c = 0; c < ids.length; c++) {
            int id = ids[c][ref];
            if (negated[c]) {
                if (id >= 0 && has(id)) {
                    return false;
                }
            } else if (!has(id)) {
                return false;
            }
        }
        return true;
    }

    private boolean has(int global) {
        return (bits[global >>> 6] & (1L << global)) != 0;
    }

    private void write(int relation, int local) {
        int global = offsets[relation] + local;
        long mask = 1L << global;
        int word = global >>> 6;
        if ((bits[word] & mask) != 0) {
            return;
        }
        bits[word] |= mask;
        lists[relation][counts[relation]++] = local;
        writes++;
    }

    /** Resets every state-dependent relation to its permanent facts. */
    private void clear() {
        int[] cleared = game.clearedRelations;
        for (int r : cleared) {
            int permanent = game.permanent[r].length;
            int offset = offsets[r];
            int[] list = lists[r];
            for (int i = permanent, n = counts[r]; i < n; i++) {
                int global = offset + list[i];
                bits[global >>> 6] &= ~(1L << global);
            }
            counts[r] = permanent;
        }
    }

    // ---- statistics for hypothesis ordering ----

    void collectStatistics(long[] sums, long[] samples) {
        this.sizeSums = sums;
        this.sizeSamples = samples;
    }

    private void sample(int[] relations) {
        if (sizeSums == null) {
            return;
        }
        for (int r : relations) {
            sizeSums[r] += counts[r];
            sizeSamples[r]++;
        }
    }
}
