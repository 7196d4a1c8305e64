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
        // production order depends on the rule order chosen at compile time; move-id order does not, so
        // the same seed picks the same moves whichever tables were built
        for (int role = 0; role < roleMoves.length; role++) {
            Arrays.sort(roleMoves[role], 0, roleMoveCounts[role]);
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
        if (!conditionsHold(rule.conditions[0], rule.conditionWidth[0], 0)) {
            return;
        }
        int stages = rule.inputRelation.length;
        int head = rule.headRelation;
        int[] result = rule.result;
        if (stages == 0) {
            write(head, result[0]);
            return;
        }
        if (stages == 1 && rule.staticNext[0] == null) {
            runSingleInput(rule);
            return;
        }
        runStage(rule, 0, 0);
    }

    /**
     * Enumerates the instances of input {@code k} that pass its table for {@code ref} (RefNo_{k-1}) and
     * its conditions, going one stage deeper for each, or writing the result after the last input.
     * Recursion depth is the number of inputs; each level is a plain counted loop, which the JIT compiles
     * well. An input added to its own relation during a recursive block is seen on the block's next pass.
     */
    private void runStage(CompiledRule rule, int k, int ref) {
        boolean last = k == rule.inputRelation.length - 1;
        int[] conditions = rule.conditions[k + 1];
        int width = rule.conditionWidth[k + 1];
        boolean once = rule.existential[k];
        int[][] fixed = rule.staticNext[k];
        if (fixed != null) {
            // a static input: the RefNos it can lead to were listed at compile time
            for (int next : fixed[ref]) {
                if (width != 0 && !conditionsHold(conditions, width, next)) {
                    continue;
                }
                matched(rule, k, last, next);
                if (once) {
                    return;
                }
            }
            return;
        }
        int relation = rule.inputRelation[k];
        int[] list = lists[relation];
        int n = counts[relation];
        int[] table = rule.inputTable[k];
        // HSFC Def. 7: RefIndex = RefNo × |S(Q)| + χ
        int base = ref * rule.inputSize[k];
        for (int i = 0; i < n; i++) {
            int next = table[base + list[i]];
            if (next < 0 || (width != 0 && !conditionsHold(conditions, width, next))) {
                continue;
            }
            matched(rule, k, last, next);
            if (once) {
                return;
            }
        }
    }

    /** Input {@code k} matched with RefNo {@code next}: post the result after the last input, else go on. */
    private void matched(CompiledRule rule, int k, boolean last, int next) {
        if (last) {
            // HSFC Def. 9: the last RefNo indexes the result
            write(rule.headRelation, rule.result[next]);
        } else {
            runStage(rule, k + 1, next);
        }
    }

    /**
     * The common shape of one dynamic input (frame axioms, most legal and next rules) as a plain counted
     * loop, which the JIT compiles far better than the general stage machine.
     */
    private void runSingleInput(CompiledRule rule) {
        int relation = rule.inputRelation[0];
        int[] list = lists[relation];
        int n = counts[relation];
        int[] table = rule.inputTable[0];
        int[] conditions = rule.conditions[1];
        int width = rule.conditionWidth[1];
        int[] result = rule.result;
        int head = rule.headRelation;
        boolean once = rule.existential[0];
        for (int i = 0; i < n; i++) {
            int next = table[list[i]];
            if (next < 0 || (width != 0 && !conditionsHold(conditions, width, next))) {
                continue;
            }
            write(head, result[next]);
            if (once) {
                return;
            }
        }
    }

    /** HSFC Def. 8: the row of RefNo {@code ref} lists the IDs that must be present or absent. */
    private boolean conditionsHold(int[] conditions, int width, int ref) {
        for (int i = ref * width, end = i + width; i < end; i++) {
            int code = conditions[i];
            if (code >= 0) {
                if (!has(code)) {
                    return false;
                }
            } else if (code != CompiledRule.ALWAYS && has(-2 - code)) {
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
