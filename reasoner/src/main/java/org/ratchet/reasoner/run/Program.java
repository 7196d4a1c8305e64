package org.ratchet.reasoner.run;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.InstanceSet;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.tables.Block;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * What the machine runs, global IDs throughout. It is made of:
 * <ul>
 * <li>the knowledge base's shape: {@link #layout}, {@link #offsets}, the {@link #permanent} facts and the
 * {@link #stageRoom stage buffer sizes};</li>
 * <li>three {@link Phase}s of rule blocks: {@link #state} (legal, terminal), {@link #goal}, {@link #next};</li>
 * <li>the {@link Reset}: what is cleared between states;</li>
 * <li>the {@link FactTables}: how fact IDs move between true, next and the parts of true;</li>
 * <li>the {@link RoleTables}: whose move each legal instance is, and what each goal instance scores;</li>
 * <li>the {@link #initialState} and the {@link #terminalId}.</li>
 * </ul>
 * Every field here and in the parts is final and package-private, read directly by {@link HsfcMachine}'s
 * hot loops on purpose (a deliberate specialisation: no getters between a loop and its arrays; a loop keeps
 * the arrays it reads in locals). Immutable but for the generated rule code, made on first use per keeping
 * under the program's lock (see {@link #ruleCode}); shared by every machine of a game.
 */
public final class Program {
    private static final Logger LOG = LogManager.getLogger(Program.class);
    /** The relation indices, offsets and sizes the tables were built for. */
    public final RelationLayout layout;
    /** offsets[r]: where relation r's knowledge-base list starts, and its first global ID. */
    final int[] offsets;
    /** permanent[r]: local IDs of relation r that hold in every state (all of a static relation). */
    final int[][] permanent;
    /** stageRoom[k]: the most RefNos one RefNo can add to stage buffer k (k ≥ 1) in any rule. */
    final int[] stageRoom;
    /** The legal and terminal rules, run for every state. */
    final Phase state;
    /** The goal rules, run only when a goal is asked for. */
    final Phase goal;
    /** The next rules, run to advance. */
    final Phase next;
    final Reset reset;
    /**
     * The relations kept up to date between states rather than derived in each, guarded ones included, or null
     * if there is none; and the same without guarded relations (the same object where there is none).
     */
    final Incremental incremental;
    final Incremental incrementalWithoutGuards;
    /** The next phase's frame axioms, read by their exceptions, or null if there is none. */
    final Frames frames;
    final FactTables facts;
    final RoleTables roles;
    /** Global ID of {@code terminal}, or -1 if it can never hold. */
    final int terminalId;
    /**
     * Whether a next rule reads a relation the state phase derives (legal, terminal and their helpers, the
     * kept and guarded relations among them). Where none does, a state can be advanced without deriving its
     * legal moves and terminal, as the search does when it steps from a node whose moves it knows.
     */
    final boolean advanceReadsStatePhase;
    final State initialState;

    /**
     * {@code permanent[r]}: the local IDs of relation r that hold in every state; {@code clearedRelations}:
     * the relations reset between states; {@code phases} and {@code phaseRelations}: the rule blocks of the
     * legal/terminal, goal and next phases, and the relations whose list sizes are sampled after each;
     * {@code framePlans}: per next rule in evaluation order, its tables with the fact it carries over read
     * last, or null (see {@link Frames}).
     */
    public Program(GameTerms terms, SymbolTable symbols, Grounder grounder, RelationLayout layout, int[][] permanent,
            int[] clearedRelations, Block[][] phases, int[][] phaseRelations, RulePlan[] framePlans) {
        this.layout = layout;
        this.permanent = permanent;
        offsets = new int[layout.count()];
        for (int r = 0; r < offsets.length; r++) {
            offsets[r] = layout.offset(r);
        }
        state = new Phase(phases[0], phaseRelations[0]);
        goal = new Phase(phases[1], phaseRelations[1]);
        next = new Phase(phases[2], phaseRelations[2]);
        stageRoom = stageRoom(framePlans, state, goal, next);
        reset = new Reset(layout, permanent, clearedRelations);
        facts = new FactTables(terms, grounder, layout);
        roles = new RoleTables(terms.roles, symbols, grounder, layout);
        // what reads relations other than the kept rules' counts: the machine itself, and the goal and next rules
        int[] readByMachine = {roles.legalRelation, roles.goalRelation,
            layout.contains(SymbolTable.TERMINAL) ? layout.index(SymbolTable.TERMINAL) : -1};
        List<RulePlan> otherPhases = rulesOf(framePlans, goal, next);
        incremental = Incremental.of(layout, permanent, state, clearedRelations, facts.trueRelation, facts.trueParts,
            terms.factCount(), true, readByMachine, otherPhases);
        incrementalWithoutGuards = incremental == null || incremental.guarded.length == 0 ? incremental
            : Incremental.of(layout, permanent, state, clearedRelations, facts.trueRelation, facts.trueParts,
                terms.factCount(), false, readByMachine, otherPhases);
        frames = Frames.of(layout, next.blocks, framePlans, facts, terms.factCount());
        advanceReadsStatePhase = reads(rulesOf(framePlans, next), heads(state), layout);
        InstanceSet terminal = grounder.set(SymbolTable.TERMINAL);
        terminalId = terminal.size() == 0 ? -1 : layout.offset(layout.index(SymbolTable.TERMINAL));
        InstanceSet initSet = grounder.set(SymbolTable.INIT);
        int[] initial = new int[initSet.size()];
        for (int i = 0; i < initial.length; i++) {
            initial[i] = terms.factId(initSet.get(i).arg(0));
        }
        initialState = State.of(initial);
    }

    /** The phases' rules in order, then the frame axioms' own plans of next rules. */
    private static List<RulePlan> rulesOf(RulePlan[] framePlans, Phase... phases) {
        List<RulePlan> rules = new ArrayList<>();
        for (Phase phase : phases) {
            for (Block block : phase.blocks) {
                rules.addAll(Arrays.asList(block.rules));
            }
        }
        for (RulePlan plan : framePlans) {
            if (plan != null) {
                rules.add(plan);
            }
        }
        return rules;
    }

    /** The relations a phase's rules derive. */
    private static int[] heads(Phase phase) {
        IntArrayList heads = new IntArrayList();
        for (Block block : phase.blocks) {
            for (RulePlan rule : block.rules) {
                heads.add(rule.headRelation);
            }
        }
        return heads.toIntArray();
    }

    /** Whether one of the rules has an input on one of the relations, or a condition on one of their IDs. */
    private static boolean reads(List<RulePlan> rules, int[] relations, RelationLayout layout) {
        boolean[] isRead = new boolean[layout.count()];
        // sized as the machine's bits: one bit past the last ID, named by the absence that always holds
        long[] ids = new long[(layout.totalSize() >>> 6) + 1];
        for (int r : relations) {
            isRead[r] = true;
            for (int global = layout.offset(r), stop = global + layout.size(r); global < stop; global++) {
                ids[global >>> 6] |= 1L << global;
            }
        }
        for (RulePlan rule : rules) {
            if (readsAny(rule.preconditions, ids)) {
                return true;
            }
            for (RulePlan.Stage stage : rule.stages) {
                if (stage.relation >= 0 && isRead[stage.relation] || readsAny(stage.conditions, ids)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether one of the condition codes (an ID that must be present, or the complement of one that must be
     * absent) names an ID of {@code ids}.
     */
    private static boolean readsAny(int[] conditions, long[] ids) {
        for (int code : conditions) {
            int id = Incremental.idOf(code);
            if ((ids[id >>> 6] & (1L << id)) != 0) {
                return true;
            }
        }
        return false;
    }

    /** One phase of evaluation: its rule blocks in order, and the relations whose list sizes are sampled after it. */
    static final class Phase {
        final Block[] blocks;
        /** The relations whose list sizes the hypothesis-ordering statistics sample after the phase. */
        final int[] sampled;

        Phase(Block[] blocks, int[] sampled) {
            this.blocks = blocks;
            this.sampled = sampled;
        }
    }

    /**
     * What clearing a state resets: each state-dependent relation's list back to its permanent facts, and
     * the bits of the IDs it held. For cleared relation i (of relations[i]):
     */
    static final class Reset {
        /** The relations reset between states. */
        final int[] relations;
        /** from[i]: knowledge-base position after the permanent facts of relations[i]. */
        final int[] from;
        /**
         * For a cleared relation without permanent facts, the bitset words its IDs span ([firstWord,
         * lastWord]) and the masks of its bits in the first and last word; -1 as first word otherwise.
         */
        final int[] firstWord;
        final int[] lastWord;
        final long[] firstMask;
        final long[] lastMask;

        Reset(RelationLayout layout, int[][] permanent, int[] cleared) {
            relations = cleared;
            from = new int[cleared.length];
            firstWord = new int[cleared.length];
            lastWord = new int[cleared.length];
            firstMask = new long[cleared.length];
            lastMask = new long[cleared.length];
            for (int i = 0; i < cleared.length; i++) {
                int r = cleared[i];
                int first = layout.offset(r);
                int last = first + layout.size(r) - 1;
                from[i] = first + permanent[r].length;
                if (permanent[r].length > 0 || layout.size(r) == 0) {
                    firstWord[i] = -1;
                    continue;
                }
                firstWord[i] = first >>> 6;
                lastWord[i] = last >>> 6;
                firstMask[i] = -1L << first;
                lastMask[i] = -1L >>> (63 - (last & 63));
            }
        }
    }

    /** The ID tables of facts: a state's facts are listed in the parts of true, and next's IDs become facts. */
    static final class FactTables {
        final int trueRelation;
        final int nextRelation;
        final int doesRelation;
        /** nextToTrue[i]: the fact ID of next's local ID i. */
        final int[] nextToTrue;
        /** The parts of true (see {@link RelationLayout}), and factPart[f]: the part whose list holds fact f. */
        final int[] trueParts;
        final int[] factPart;

        FactTables(GameTerms terms, Grounder grounder, RelationLayout layout) {
            trueRelation = layout.index(SymbolTable.TRUE);
            nextRelation = layout.index(SymbolTable.NEXT);
            doesRelation = layout.index(SymbolTable.DOES);
            trueParts = layout.partsOfTrue();
            factPart = new int[terms.factCount()];
            for (int part : trueParts) {
                int first = layout.offset(part) - layout.offset(trueRelation);
                Arrays.fill(factPart, first, first + layout.size(part), part);
            }
            InstanceSet nextSet = grounder.set(SymbolTable.NEXT);
            nextToTrue = new int[nextSet.size()];
            for (int i = 0; i < nextToTrue.length; i++) {
                nextToTrue[i] = terms.factId(nextSet.get(i).arg(0));
            }
        }
    }

    /** The tables of the roles, by local ID of legal and goal: whose move or score each instance is. */
    static final class RoleTables {
        final int legalRelation;
        /** legalRole[i]: the role index of legal instance i, or -1 for an undeclared role. */
        final int[] legalRole;
        /** legalToDoes[i]: the move ID (local ID of does) that legal instance i allows. */
        final int[] legalToDoes;
        /** legalCountOfRole[role]: how many legal instances the role has, the most moves it can have. */
        final int[] legalCountOfRole;
        /**
         * The move IDs a role's legal instances allow lie in words firstMoveWord[role] .. lastMoveWord[role] of a
         * bitset over move IDs (a role without legal instances: first 0, last -1).
         */
        final int[] firstMoveWord;
        final int[] lastMoveWord;
        /**
         * Whether each role's legal instances, in local ID order, allow its moves in move ID order: then the
         * legal IDs present, read off their bits in order, list every role's moves in order with no sort.
         */
        final boolean legalInMoveOrder;
        /** The bitset words legal's global IDs span (first and last); unset (first past last) if it has none. */
        final int legalFirstWord;
        final int legalLastWord;
        /**
         * Where legal IDs run in move order and there are at most 64 roles, the bitset words holding each role's
         * legal IDs, to count and pick a role's moves off the bits without listing them: role r's words are
         * legalWord[k] for k from roleWordStart[r] to roleWordStart[r + 1], its IDs in each legalWordMask[k].
         * Null otherwise.
         */
        final int[] roleWordStart;
        final int[] legalWord;
        final long[] legalWordMask;
        final int goalRelation;
        /** goalRole[i] and goalValue[i]: the role and score of goal instance i; role -1 for no valid score. */
        final int[] goalRole;
        final int[] goalValue;

        RoleTables(List<Term> roles, SymbolTable symbols, Grounder grounder, RelationLayout layout) {
            legalRelation = layout.index(SymbolTable.LEGAL);
            goalRelation = layout.index(SymbolTable.GOAL);
            InstanceSet doesSet = grounder.set(SymbolTable.DOES);
            InstanceSet legalSet = grounder.set(SymbolTable.LEGAL);
            legalRole = new int[legalSet.size()];
            legalToDoes = new int[legalSet.size()];
            legalCountOfRole = new int[roles.size()];
            firstMoveWord = new int[roles.size()];
            lastMoveWord = new int[roles.size()];
            Arrays.fill(firstMoveWord, Integer.MAX_VALUE);
            Arrays.fill(lastMoveWord, -1);
            for (int i = 0; i < legalRole.length; i++) {
                Term legal = legalSet.get(i);
                legalRole[i] = roles.indexOf(legal.arg(0));
                legalToDoes[i] = doesSet.id(new Compound(SymbolTable.DOES, legal.arg(0), legal.arg(1)));
                int role = legalRole[i];
                if (role >= 0) {
                    legalCountOfRole[role]++;
                    firstMoveWord[role] = Math.min(firstMoveWord[role], legalToDoes[i] >>> 6);
                    lastMoveWord[role] = Math.max(lastMoveWord[role], legalToDoes[i] >>> 6);
                }
            }
            for (int role = 0; role < roles.size(); role++) {
                firstMoveWord[role] = Math.min(firstMoveWord[role], lastMoveWord[role] + 1);
            }
            int[] lastMove = new int[roles.size()];
            Arrays.fill(lastMove, -1);
            boolean inOrder = true;
            for (int i = 0; i < legalRole.length && inOrder; i++) {
                int role = legalRole[i];
                if (role >= 0) {
                    inOrder = legalToDoes[i] > lastMove[role];
                    lastMove[role] = legalToDoes[i];
                }
            }
            legalInMoveOrder = inOrder;
            int legalOffset = layout.offset(legalRelation);
            legalFirstWord = legalOffset >>> 6;
            legalLastWord = legalSet.size() == 0 ? legalFirstWord - 1 : (legalOffset + legalSet.size() - 1) >>> 6;
            if (inOrder && roles.size() <= Long.SIZE) {
                roleWordStart = new int[roles.size() + 1];
                IntArrayList words = new IntArrayList();
                LongArrayList wordMasks = new LongArrayList();
                for (int role = 0; role < roles.size(); role++) {
                    long[] masks = new long[legalLastWord - legalFirstWord + 1];
                    for (int i = 0; i < legalRole.length; i++) {
                        if (legalRole[i] == role) {
                            int global = legalOffset + i;
                            masks[(global >>> 6) - legalFirstWord] |= 1L << global;
                        }
                    }
                    for (int w = 0; w < masks.length; w++) {
                        if (masks[w] != 0) {
                            words.add(legalFirstWord + w);
                            wordMasks.add(masks[w]);
                        }
                    }
                    roleWordStart[role + 1] = words.size();
                }
                legalWord = words.toIntArray();
                legalWordMask = wordMasks.toLongArray();
            } else {
                roleWordStart = null;
                legalWord = null;
                legalWordMask = null;
            }
            InstanceSet goalSet = grounder.set(SymbolTable.GOAL);
            goalRole = new int[goalSet.size()];
            goalValue = new int[goalSet.size()];
            for (int i = 0; i < goalRole.length; i++) {
                Term goal = goalSet.get(i);
                goalRole[i] = roles.indexOf(goal.arg(0));
                goalValue[i] = parseGoal(goal.arg(1), symbols);
                if (goalValue[i] < 0) {
                    goalRole[i] = -1;
                }
            }
        }

        private static int parseGoal(Term value, SymbolTable symbols) {
            return value.arity() != 0 || value.symbol() < 0 ? -1 : symbols.numeral(value.symbol());
        }
    }

    /**
     * The stage buffer sizes of the field {@code stageRoom}, over every rule, delta plan and frame plan; buffer 0 holds
     * only the RefNo a rule starts from.
     */
    private static int[] stageRoom(RulePlan[] framePlans, Phase... phases) {
        IntArrayList room = new IntArrayList();
        room.add(0);
        for (RulePlan plan : framePlans) {
            if (plan != null) {
                makeRoom(room, plan);
            }
        }
        for (Phase phase : phases) {
            for (Block block : phase.blocks) {
                for (RulePlan rule : block.rules) {
                    makeRoom(room, rule);
                }
                for (RulePlan[] delta : block.deltaPlans == null ? new RulePlan[0][] : block.deltaPlans) {
                    for (RulePlan rule : delta == null ? new RulePlan[0] : delta) {
                        makeRoom(room, rule);
                    }
                }
            }
        }
        return room.toIntArray();
    }

    private static void makeRoom(IntArrayList room, RulePlan rule) {
        for (int k = 0; k < rule.stages.length; k++) {
            if (room.size() == k + 1) {
                room.add(0);
            }
            room.set(k + 1, Math.max(room.getInt(k + 1), rule.stages[k].maxRoom));
        }
    }

    /**
     * The generated rule code per keeping (its state phase differs), made on first use; {@link #NO_CODE} where
     * it could not be made.
     */
    private final RuleCode.Factory[] ruleCode = new RuleCode.Factory[Keeping.values().length];
    private static final RuleCode.Factory NO_CODE = new RuleCode.Factory(null, 0, 0);

    /**
     * The generated code of machines keeping this much, or null where there is none: a class file has limits
     * (65,535 constants, 64 KiB a method) that a game's rules can exceed, and its machines then run the rules
     * by their own loops, as fast as before there was generated code.
     */
    synchronized RuleCode.Factory ruleCode(Keeping keeping) {
        RuleCode.Factory factory = ruleCode[keeping.ordinal()];
        if (factory == null) {
            Incremental kept = incremental(keeping);
            long start = System.nanoTime();
            try {
                factory = RuleCode.generate(kept == null ? state : kept.state, goal, next, frames);
                LOG.debug("hsfc: {} rules as bytecode for keeping {}: {} bytes in {} ms", factory.rules, keeping,
                    factory.bytes, (System.nanoTime() - start) / 1_000_000);
            } catch (RuntimeException | LinkageError e) {
                LOG.warn("hsfc: the rules run without generated code ({})", e.toString());
                factory = NO_CODE;
            }
            ruleCode[keeping.ordinal()] = factory;
        }
        return factory == NO_CODE ? null : factory;
    }

    /** What machines keeping this much keep up to date between states: null for nothing. */
    Incremental incremental(Keeping keeping) {
        switch (keeping) {
            case COUNTED_AND_GUARDED:
                return incremental;
            case COUNTED:
                return incrementalWithoutGuards;
            default:
                return null;
        }
    }

    /**
     * The relations kept up to date between states by counting (see {@link Incremental}), by runtime index;
     * empty if there is none. For diagnostics and tests.
     */
    public int[] keptRelations() {
        return incremental == null ? new int[0] : incremental.relations.clone();
    }

    /**
     * How many kept IDs are merged into another derived exactly alike (see {@link Incremental}): for
     * diagnostics and tests.
     */
    public int mergedKeptIds() {
        return incremental == null ? 0 : incremental.mergedIds;
    }

    /**
     * The relations listed in each state from kept instances under a guard (see {@link Incremental}), by
     * runtime index; empty if there is none. For diagnostics and tests.
     */
    public int[] guardedRelations() {
        return incremental == null ? new int[0] : incremental.guarded.clone();
    }

    /** How many next rules are read by their exceptions (see {@link Frames}): for diagnostics and tests. */
    public int frameRuleCount() {
        return frames == null ? 0 : frames.count();
    }

    /**
     * Whether some next rule carries the part of true holding fact {@code fact} (a fact ID) as a frame axiom
     * read by its exceptions (see {@link Frames}): for diagnostics and tests.
     */
    public boolean carriesByExceptions(int fact) {
        if (frames == null) {
            return false;
        }
        int part = frames.partIndex[facts.factPart[fact]];
        for (Frames.Frame frame : frames.frame) {
            if (frame != null && frame.part == part) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a state set by its facts is advanced without running the state phase (see
     * {@link #advanceReadsStatePhase}): for diagnostics and tests.
     */
    public boolean advancesUnasked() {
        return !advanceReadsStatePhase;
    }

    /** How many rules the next phase has: for diagnostics. */
    public int nextRuleCount() {
        int count = 0;
        for (Block block : next.blocks) {
            count += block.rules.length;
        }
        return count;
    }

    /** Every rule of every phase, in evaluation order: for diagnostics and tests, not for the machine's loops. */
    public List<RulePlan> rules() {
        List<RulePlan> rules = new ArrayList<>();
        for (Phase phase : new Phase[] {state, goal, next}) {
            for (Block block : phase.blocks) {
                rules.addAll(Arrays.asList(block.rules));
            }
        }
        return rules;
    }

    /** The recursive blocks of every phase: for diagnostics and tests, not for the machine's loops. */
    public List<Block> recursiveBlocks() {
        List<Block> blocks = new ArrayList<>();
        for (Phase phase : new Phase[] {state, goal, next}) {
            for (Block block : phase.blocks) {
                if (block.recursive) {
                    blocks.add(block);
                }
            }
        }
        return blocks;
    }
}
