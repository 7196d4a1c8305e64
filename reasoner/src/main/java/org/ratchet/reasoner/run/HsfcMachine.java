package org.ratchet.reasoner.run;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.tables.Block;
import org.ratchet.reasoner.run.Program.FactTables;
import org.ratchet.reasoner.run.Program.Phase;
import org.ratchet.reasoner.run.Program.Reset;
import org.ratchet.reasoner.run.Program.RoleTables;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * One thread's view of a compiled game: its own knowledge base (HSFC section 3), evaluated with the
 * shared reference tables. Per relation the knowledge base keeps the IDs present in production order plus a
 * bitset over global IDs; permanent IDs stay at the front of each list, so clearing a state only unsets the
 * bits of the IDs written since (O(n)). All lists share one array: relation r's list holds global IDs at
 * positions offset(r) .. end[r]-1, the same range its bits cover, so a relation never outgrows its slice and
 * the hot loops index flat arrays only. Nothing is allocated per state step.
 */
public final class HsfcMachine implements StateMachine {
    private final GameDescription description;
    private final Program program;
    /**
     * What every step reads of the program, held by the machine itself: its fact and role tables, the offsets
     * of true and next, terminal's ID, and what a kept instance derives. Under ZGC, the player's collector,
     * every read of a reference field passes a load barrier, so the hot paths take one hop where they took two.
     */
    private final FactTables factTables;
    private final RoleTables roleTables;
    private final int trueOffset;
    private final int nextOffset;
    private final int terminalId;
    /** Of {@link #incremental} (0, null and 0 where nothing is kept): its first guarded instance, ... */
    private final int firstGuarded;
    /** ... each instance's slot of the ID it derives, and the slots' first watched item. */
    private final int[] resultSlot;
    private final int keptFactCount;
    private final GameTerms terms;
    /** The lists of every relation, global IDs in production order (see the class comment). */
    private final int[] kb;
    /** end[r]: knowledge-base position after relation r's last ID. */
    private final int[] end;
    private final long[] bits;
    /**
     * The bitset holding the facts that outlive a state (the permanent ones and those of the relations kept
     * up to date between states), when it is small enough ({@link #COPIED_WORDS}) that clearing a state is
     * one copy of it rather than unsetting each listed ID; null otherwise.
     */
    private final long[] permanentBits;
    private static final int COPIED_WORDS = 64;
    private final int[] offsets;
    /** The legal and terminal rules run in every state: all of them, or those of relations not kept. */
    private final Phase statePhase;
    /** The rules as bytecode of their own (see {@link RuleCode}), or null where they are interpreted. */
    private final RuleCode code;
    /** What is reset between states: every state-dependent relation but those kept. */
    private final Reset reset;
    /** The relations kept up to date between states (see {@link Incremental}), or null when none is. */
    private final Incremental incremental;
    /**
     * Whether {@link #incremental} merged IDs into others derived alike (most games merge none, and their
     * derivations then skip the lists of merged IDs).
     */
    private final boolean mergedIds;
    /** Per instance of {@link #incremental}: how many of its conditions fail (it holds at zero). */
    private final int[] unsatisfied;
    /** Per watched item: whether it was present when the counts of its readers were last brought up to date. */
    private final long[] counted;
    /** Per slot of a kept relation's ID: how many holding instances derive it, and its list position. */
    private final int[] derivations;
    private final int[] keptPosition;
    /** The facts the kept relations were last brought up to date with: a list, its bitset, each one's position. */
    private final int[] syncedFacts;
    private int syncedCount;
    private final long[] synced;
    private final int[] syncedPosition;
    /**
     * The guarded instances holding on their conditions (see {@link Incremental}), per guard group: group g's
     * are ready[groupStart[g] .. readyEnd[g]-1] (instance indices), and guarded instance i's position is
     * readyPosition[i - firstGuarded]. Null where nothing is guarded.
     */
    private final int[] ready;
    private final int[] readyEnd;
    private final int[] readyPosition;
    /** Watched items (facts, then kept IDs' slots) whose readers are still to be tested: a ring, no repeats. */
    private final int[] changed;
    private final boolean[] queued;
    private int changedHead;
    private int changedTail;
    private final int[][] roleMoves;
    private final int[] roleMoveCounts;
    /** One bit per move ID, all clear between calls: {@link #listMoves} puts a role's moves in order through it. */
    private final long[] moveBits;
    /** buffers[k]: RefNos waiting for input stage k of the rule being run (see {@link #runStages}). */
    private final int[][] buffers;
    /** RefNos a stage buffer collects before they are passed on to the next stage. */
    private static final int CHUNK = 256;
    /** Per relation, for the recursive block being run: its list end when the current pass began ... */
    private final int[] passStart;
    /** ... and when the pass before began: the new IDs a semi-naive pass reads start there. */
    private final int[] deltaFrom;
    /** While a delta plan runs, the knowledge-base position its first stage reads from; -1 otherwise. */
    private int deltaStart = -1;
    /** The next phase's frame axioms read by their exceptions (see {@link Frames}), or null. */
    private final Frames frames;
    /** Per part of true, in the current advance: the frame rule reading it by its exceptions and its RefNo, or -1. */
    private final int[] exceptionFrame;
    private final int[] exceptionRef;
    /**
     * In the current advance, the next rules to run as a bitset over rule indices: those not read by move
     * (see {@link Frames#rulesOfMove}) and those a move played passes; null where the advance does not pick rules
     * by move.
     */
    private final long[] rulesToRun;
    /** The facts an advance takes out of the state, and those it adds (fact IDs). */
    private final int[] dropped;
    private final int[] added;
    /**
     * Per part of true read in this advance by a frame axiom with exceptions of the step (see
     * {@link Frames.Frame#stepRelations}): its exceptions, each once, and their count (null for a part no such
     * frame axiom reads); and one bit per local ID of the largest part, clear between uses, to list each once.
     */
    private final int[][] stepExceptions;
    private final int[] stepExceptionCount;
    private final long[] exceptionSeen;
    /** The indices into the reset's arrays of every relation it resets, and of those an advance by exceptions
     * resets: all but the parts of true. */
    private final int[] allResets;
    private final int[] derivedResets;
    /** Where permanent bits are copied back whole ({@link #permanentBits}), the bits of true's facts. */
    private final long[] trueBits;
    private boolean goalsComputed;
    private boolean movesListed;
    /**
     * Whether {@link #roleMoveCounts} hold the current state's counts while the moves are not listed yet (see
     * {@link #countMoves}); selectedRoles marks the roles one move of which has been read off the bits since.
     */
    private boolean movesCounted;
    private long selectedRoles;
    /**
     * Where a state was set by its facts and no next rule reads what the state phase derives (see
     * {@link Program#advanceReadsStatePhase}): whether the state phase has yet to run for it, and whether the
     * kept relations have yet to catch up with it. The search sets a node's state to advance it by a move it
     * already knows, and asks nothing else of that state.
     */
    private boolean statePhasePending;
    private boolean keptPending;
    /**
     * The state last passed to {@link #setState}, and once it has been passed twice in a row (every random
     * playout restarts from the initial state, a flat Monte Carlo search from its root) the IDs its
     * evaluation listed for each cleared relation, so that setting it again is a copy, not a re-evaluation.
     */
    private State lastSet;
    private int[] lastSetIds;
    /** lastSetEnds[c]: end of cleared relation c's IDs in {@link #lastSetIds}; null while nothing is kept. */
    private int[] lastSetEnds;
    /**
     * The kept relations' counts, lists and tracked facts as they were in {@link #lastSet}, taken with
     * {@link #lastSetIds} where they are small ({@link #SNAPSHOT_MAX_INTS}): setting that state again copies
     * them back instead of re-counting every change since (minichess' playouts of three moves spent a third
     * of their time re-counting their way back to the initial state). Null where not taken.
     */
    private KeptSnapshot keptSnapshot;
    /**
     * Every bit of {@link #lastSet}'s evaluation, taken with {@link #lastSetIds} where the bitset has at most
     * two words for each ID listed and any kept relations are snapshot too: setting that state again copies
     * the words back instead of clearing and setting the bits one ID at a time. Null where not taken.
     */
    private long[] lastSetBits;
    /**
     * The most ints a kept snapshot may copy (256 KiB). Re-counting costs what changed since the state was set,
     * a copy what the kept relations hold, and copying arrays is fast: at 8,192 ints cephalopodMicro (about
     * 15,000), skirmish and hex re-counted; copying ran them 1.12, 1.09 and 1.17 times as fast.
     */
    private static final int SNAPSHOT_MAX_INTS = 1 << 16;
    /** Sums of list sizes per relation after each phase, for hypothesis-ordering statistics; null when off. */
    private long[] sizeSums;
    private long[] sizeSamples;

    public HsfcMachine(GameDescription description, GameTerms terms, Program program) {
        this(description, terms, program, Keeping.COUNTED_AND_GUARDED);
    }

    /**
     * A machine of the program keeping that much up to date between states (see {@link Incremental}) and
     * deriving the rest in every state.
     */
    public HsfcMachine(GameDescription description, GameTerms terms, Program program, Keeping keeping) {
        this(description, terms, program, keeping, true);
    }

    /**
     * A machine of the program; with {@code readFrames} false every next rule is derived in full, frame axioms
     * too (see {@link Frames}), and every advance rebuilds the state from next: the reference for tests.
     */
    public HsfcMachine(GameDescription description, GameTerms terms, Program program, Keeping keeping,
            boolean readFrames) {
        this(description, terms, program, keeping, readFrames, true);
    }

    /**
     * A machine of the program; with {@code generatedCode} false its rules are run by its own loops rather
     * than as bytecode generated for the game (see {@link RuleCode}): the reference for tests of that code.
     */
    public HsfcMachine(GameDescription description, GameTerms terms, Program program, Keeping keeping,
            boolean readFrames, boolean generatedCode) {
        this.description = description;
        this.program = program;
        this.terms = terms;
        RelationLayout layout = program.layout;
        int relations = layout.count();
        kb = new int[Math.max(layout.totalSize(), 1)];
        end = new int[relations];
        passStart = new int[relations];
        deltaFrom = new int[relations];
        // one spare bit past every relation: the ID whose absence encodes a condition that always holds
        bits = new long[(layout.totalSize() >>> 6) + 1];
        offsets = program.offsets;
        factTables = program.facts;
        roleTables = program.roles;
        trueOffset = offsets[factTables.trueRelation];
        nextOffset = offsets[factTables.nextRelation];
        terminalId = program.terminalId;
        for (int r = 0; r < relations; r++) {
            int offset = offsets[r];
            int position = offset;
            for (int local : program.permanent[r]) {
                int global = offset + local;
                kb[position++] = global;
                bits[global >>> 6] |= 1L << global;
            }
            end[r] = position;
        }
        incremental = program.incremental(keeping);
        statePhase = incremental == null ? program.state : incremental.state;
        reset = incremental == null ? program.reset : incremental.reset;
        mergedIds = incremental != null && incremental.duplicateSlot.length > 0;
        firstGuarded = incremental == null ? 0 : incremental.firstGuarded;
        resultSlot = incremental == null ? null : incremental.resultSlot;
        keptFactCount = incremental == null ? 0 : incremental.factCount;
        if (incremental != null) {
            unsatisfied = new int[incremental.instanceCount()];
            derivations = new int[incremental.slotCount];
            keptPosition = new int[incremental.slotCount];
            syncedFacts = new int[incremental.factCount];
            synced = new long[(incremental.factCount >>> 6) + 1];
            syncedPosition = new int[incremental.factCount];
            int watched = incremental.factCount + incremental.slotCount;
            changed = new int[watched + 1];
            queued = new boolean[watched];
            counted = new long[(watched >>> 6) + 1];
            int guardedCount = incremental.instanceCount() - incremental.firstGuarded;
            boolean guarded = incremental.guarded.length > 0;
            ready = guarded ? new int[guardedCount] : null;
            readyPosition = guarded ? new int[guardedCount] : null;
            readyEnd = guarded ? Arrays.copyOf(incremental.groupStart, incremental.guardFact.length) : null;
        } else {
            ready = null;
            readyPosition = null;
            readyEnd = null;
            unsatisfied = null;
            counted = null;
            derivations = null;
            keptPosition = null;
            syncedFacts = null;
            synced = null;
            syncedPosition = null;
            changed = null;
            queued = null;
        }
        permanentBits = bits.length <= COPIED_WORDS ? bits.clone() : null;
        allResets = new int[reset.relations.length];
        Arrays.setAll(allResets, c -> c);
        frames = readFrames ? program.frames : null;
        if (frames != null) {
            int parts = program.facts.trueParts.length;
            exceptionFrame = new int[parts];
            exceptionRef = new int[parts];
            rulesToRun = frames.rulesNotByMove == null ? null : new long[frames.rulesNotByMove.length];
            dropped = new int[terms.factCount()];
            added = new int[program.facts.nextToTrue.length];
            stepExceptions = new int[parts][];
            stepExceptionCount = new int[parts];
            int largestPart = 0;
            for (Frames.Frame frame : frames.frame) {
                if (frame != null && frame.readsStep) {
                    int size = layout.size(program.facts.trueParts[frame.part]);
                    stepExceptions[frame.part] = new int[size];
                    largestPart = Math.max(largestPart, size);
                }
            }
            exceptionSeen = new long[(largestPart >>> 6) + 1];
            IntArrayList derived = new IntArrayList();
            for (int c = 0; c < reset.relations.length; c++) {
                if (frames.partIndex[reset.relations[c]] < 0) {
                    derived.add(c);
                }
            }
            derivedResets = derived.toIntArray();
            if (permanentBits != null) {
                trueBits = new long[bits.length];
                for (int f = 0; f < terms.factCount(); f++) {
                    int global = trueOffset + f;
                    trueBits[global >>> 6] |= 1L << global;
                }
            } else {
                trueBits = null;
            }
        } else {
            exceptionFrame = null;
            exceptionRef = null;
            rulesToRun = null;
            dropped = null;
            added = null;
            stepExceptions = null;
            stepExceptionCount = null;
            exceptionSeen = null;
            derivedResets = null;
            trueBits = null;
        }
        if (incremental != null) {
            // no fact of true holds yet: the kept relations as they are in an empty state
            initialiseKept();
        }
        buffers = new int[program.stageRoom.length][];
        for (int k = 0; k < buffers.length; k++) {
            buffers[k] = new int[CHUNK + program.stageRoom[k]];
        }
        roleMoves = new int[terms.roles.size()][];
        roleMoveCounts = new int[terms.roles.size()];
        int lastMoveWord = -1;
        for (int role = 0; role < roleMoves.length; role++) {
            roleMoves[role] = new int[Math.max(program.roles.legalCountOfRole[role], 1)];
            lastMoveWord = Math.max(lastMoveWord, program.roles.lastMoveWord[role]);
        }
        moveBits = new long[lastMoveWord + 1];
        RuleCode.Factory generated = generatedCode ? program.ruleCode(keeping) : null;
        code = generated == null ? null : generated.bind(this, kb, end, bits);
        setState(program.initialState);
    }

    @Override
    public GameDescription description() {
        return description;
    }

    @Override
    public int roleCount() {
        return terms.roles.size();
    }

    @Override
    public Term role(int roleIndex) {
        return terms.roles.get(roleIndex);
    }

    @Override
    public State initialState() {
        return program.initialState;
    }

    @Override
    public void setState(State state) {
        if (state == lastSet && lastSetEnds != null) {
            restoreLastSet();
            return;
        }
        clear();
        int[] factPart = factTables.factPart;
        for (int i = 0; i < state.size(); i++) {
            int fact = state.fact(i);
            write(factPart[fact], trueOffset + fact);
        }
        synchroniseKept();
        computeStateRelations();
        if (state == lastSet) {
            keepLastSet();
        } else {
            lastSet = state;
            lastSetEnds = null;
        }
    }

    private void keepLastSet() {
        int[] cleared = reset.relations;
        int[] clearFrom = reset.from;
        int total = 0;
        for (int c = 0; c < cleared.length; c++) {
            total += end[cleared[c]] - clearFrom[c];
        }
        int[] ids = lastSetIds == null || lastSetIds.length < total ? new int[total] : lastSetIds;
        int[] ends = new int[cleared.length];
        int position = 0;
        for (int c = 0; c < cleared.length; c++) {
            int from = clearFrom[c];
            int length = end[cleared[c]] - from;
            System.arraycopy(kb, from, ids, position, length);
            position += length;
            ends[c] = position;
        }
        lastSetIds = ids;
        lastSetEnds = ends;
        if (incremental != null && keptSnapshot == null && KeptSnapshot.size(this) <= SNAPSHOT_MAX_INTS) {
            keptSnapshot = new KeptSnapshot(this);
        }
        if (keptSnapshot != null) {
            keptSnapshot.take(this);
        }
        // without a kept snapshot the kept relations catch up from the state before, so their bits must
        // stay as they are: only a snapshot of them too makes the whole bitset's copy right
        if (bits.length <= 2 * total && (incremental == null || keptSnapshot != null)) {
            if (lastSetBits == null) {
                lastSetBits = new long[bits.length];
            }
            System.arraycopy(bits, 0, lastSetBits, 0, bits.length);
        } else {
            lastSetBits = null;
        }
    }

    /** Lists and sets again the IDs {@link #keepLastSet} kept, in place of a {@link #clear} and an evaluation. */
    private void restoreLastSet() {
        int[] cleared = reset.relations;
        int[] clearFrom = reset.from;
        int[] ids = lastSetIds;
        long[] savedBits = lastSetBits;
        if (savedBits != null) {
            System.arraycopy(savedBits, 0, bits, 0, bits.length);
        } else {
            clear();
        }
        int start = 0;
        for (int c = 0; c < cleared.length; c++) {
            int from = clearFrom[c];
            int length = lastSetEnds[c] - start;
            System.arraycopy(ids, start, kb, from, length);
            if (savedBits == null) {
                for (int i = start, stop = lastSetEnds[c]; i < stop; i++) {
                    int global = ids[i];
                    bits[global >>> 6] |= 1L << global;
                }
            }
            end[cleared[c]] = from + length;
            start = lastSetEnds[c];
        }
        if (keptSnapshot != null) {
            keptSnapshot.restore(this);
            keptPending = false;
        } else {
            synchroniseKept();
        }
        sample(statePhase.sampled);
        statePhasePending = false;
        goalsComputed = false;
        movesListed = false;
        movesCounted = false;
    }

    @Override
    public void setState(int[] facts, int from, int length) {
        clear();
        lastSet = null;
        lastSetEnds = null;
        int[] factPart = factTables.factPart;
        for (int i = from, stop = from + length; i < stop; i++) {
            int fact = facts[i];
            write(factPart[fact], trueOffset + fact);
        }
        if (program.advanceReadsStatePhase) {
            synchroniseKept();
            computeStateRelations();
        } else {
            keptPending = incremental != null;
            statePhasePending = true;
            goalsComputed = false;
            movesListed = false;
            movesCounted = false;
        }
    }

    /** Runs what {@link #setState(int[], int, int)} left pending, before the state is read. */
    private void catchUp() {
        if (keptPending) {
            synchroniseKept();
        }
        if (statePhasePending) {
            computeStateRelations();
        }
    }

    @Override
    public int stateSize() {
        int count = 0;
        for (int part : factTables.trueParts) {
            count += end[part] - offsets[part];
        }
        return count;
    }

    @Override
    public void writeState(int[] into, int offset) {
        int position = offset;
        for (int part : factTables.trueParts) {
            for (int i = offsets[part]; i < end[part]; i++) {
                into[position++] = kb[i] - trueOffset;
            }
        }
        Arrays.sort(into, offset, position);
    }

    @Override
    public State currentState() {
        int count = 0;
        for (int part : factTables.trueParts) {
            count += end[part] - offsets[part];
        }
        int[] facts = new int[count];
        count = 0;
        for (int part : factTables.trueParts) {
            for (int i = offsets[part]; i < end[part]; i++) {
                facts[count++] = kb[i] - trueOffset;
            }
        }
        Arrays.sort(facts);
        return new State(facts);
    }

    /** Whether this machine runs its rules as generated bytecode (see {@link RuleCode}): for tests. */
    public boolean runsGeneratedCode() {
        return code != null;
    }

    @Override
    public boolean isTerminal() {
        catchUp();
        return terminalId >= 0 && has(terminalId);
    }

    @Override
    public int legalCount(int roleIndex) {
        if (!movesListed && !movesCounted && !countMoves()) {
            listMoves();
        }
        return roleMoveCounts[roleIndex];
    }

    @Override
    public int legalMove(int roleIndex, int i) {
        if (!movesListed) {
            int move = selectOnce(roleIndex, i);
            if (move >= 0) {
                return move;
            }
            listMoves();
        }
        if (i >= roleMoveCounts[roleIndex]) {
            throw new IndexOutOfBoundsException("role " + roleIndex + " has " + roleMoveCounts[roleIndex]
                + " legal moves, asked for move " + i);
        }
        return roleMoves[roleIndex][i];
    }

    @Override
    public void advance(int[] jointMove) {
        FactTables facts = factTables;
        int doesRelation = facts.doesRelation;
        int doesOffset = offsets[doesRelation];
        for (int move : jointMove) {
            write(doesRelation, doesOffset + move);
        }
        if (frames != null && sizeSums == null) {
            advanceByExceptions(jointMove);
            return;
        }
        run(program.next, RuleCode.NEXT);
        int nextRelation = facts.nextRelation;
        int nextEnd = end[nextRelation];
        // clear() only unsets bits and list ends, so the IDs of next are still in place after it
        clear();
        int[] nextToTrue = facts.nextToTrue;
        int[] factPart = facts.factPart;
        for (int i = nextOffset; i < nextEnd; i++) {
            int fact = nextToTrue[kb[i] - nextOffset];
            write(factPart[fact], trueOffset + fact);
        }
        synchroniseKept();
        computeStateRelations();
    }

    /**
     * The rest of {@link #advance} where the next phase has frame axioms (see {@link Frames}): the next rules
     * run, each frame axiom whose move gives one RefNo with few exceptions only marking its part of true as
     * read by them; then the state is changed in place, taking out the facts next no longer derives (of such
     * a part: the exceptions that fail, of any other part: every fact next did not derive) and adding those
     * it derives anew. The facts left in place are never copied.
     */
    private void advanceByExceptions(int[] jointMove) {
        Frames frames = this.frames;
        Arrays.fill(exceptionFrame, -1);
        // two loops in methods of their own: with the marking inline here, skirmish (which does not mark)
        // ran 0.74x, the JIT compiling this method worse
        if (frames.rulesOfMove == null) {
            runNextRules();
        } else {
            runNextRulesByMove(jointMove);
        }
        FactTables facts = factTables;
        // the offsets as locals of their own: reading the fields in the loops below ran blocker 0.98x
        int trueOffset = this.trueOffset;
        int nextOffset = this.nextOffset;
        int[] trueToNext = frames.trueToNext;
        int[] trueParts = facts.trueParts;
        int droppedCount = 0;
        for (int p = 0; p < trueParts.length; p++) {
            int part = trueParts[p];
            int f = exceptionFrame[p];
            if (f < 0) {
                // the pass that finds the part's dropped facts closes their gaps in its list too
                int to = offsets[part];
                for (int i = to, n = end[part]; i < n; i++) {
                    int global = kb[i];
                    int id = trueToNext[global - trueOffset];
                    if (id < 0 || !has(nextOffset + id)) {
                        dropped[droppedCount++] = global;
                    } else {
                        kb[to++] = global;
                    }
                }
                end[part] = to;
                continue;
            }
            Frames.Frame frame = frames.frame[f];
            RulePlan.Stage last = frame.last;
            int ref = exceptionRef[p];
            int[] table = last.table;
            int base = ref * last.size;
            int offset = last.offset;
            int[] exceptions;
            int count;
            if (frame.readsStep) {
                exceptions = stepExceptions[p];
                count = stepExceptionCount[p];
            } else {
                exceptions = frame.exceptions[ref];
                count = exceptions.length;
            }
            for (int e = 0; e < count; e++) {
                int chi = exceptions[e];
                int global = offset + chi;
                if (!has(global)) {
                    continue;
                }
                int passing = table[base + chi];
                if (passing >= 0 && conditionsHold(last.conditions, passing, last.width)) {
                    continue;
                }
                int id = trueToNext[global - trueOffset];
                if (id < 0 || !has(nextOffset + id)) {
                    dropped[droppedCount++] = global;
                    unlist(part, global);
                }
            }
            int[] words = frames.underivableWord[p];
            if (words != null) {
                long[] masks = frames.underivableMask[p];
                for (int k = 0; k < words.length; k++) {
                    for (long present = bits[words[k]] & masks[k]; present != 0; present &= present - 1) {
                        int global = (words[k] << 6) + Long.numberOfTrailingZeros(present);
                        dropped[droppedCount++] = global;
                        unlist(part, global);
                    }
                }
            }
        }
        int addedCount = 0;
        int[] nextToTrue = facts.nextToTrue;
        for (int i = nextOffset, n = end[facts.nextRelation]; i < n; i++) {
            int fact = nextToTrue[kb[i] - nextOffset];
            if (!has(trueOffset + fact)) {
                added[addedCount++] = fact;
            }
        }
        clearDerived();
        int[] factPart = facts.factPart;
        for (int i = 0; i < droppedCount; i++) {
            int global = dropped[i];
            bits[global >>> 6] &= ~(1L << global);
        }
        for (int i = 0; i < addedCount; i++) {
            int fact = added[i];
            write(factPart[fact], trueOffset + fact);
        }
        synchroniseChanges(dropped, droppedCount, added, addedCount);
        computeStateRelations();
    }

    /**
     * Lists a frame axiom's exceptions for RefNo {@code ref} in this step, where some of its entries fail only
     * on IDs of the step (see {@link Frames.Frame#stepRelations}): those listed for the RefNo and those of the
     * step's IDs, each once, in {@link #stepExceptions} for its part. Returns whether they are few enough to be
     * read by them (at most a quarter of the part, as for exceptions listed at compile time).
     */
    private boolean listStepExceptions(Frames.Frame frame, int ref, int partSize) {
        int[] out = stepExceptions[frame.part];
        long[] seen = exceptionSeen;
        int count = 0;
        for (int chi : frame.exceptions[ref]) {
            seen[chi >>> 6] |= 1L << chi;
            out[count++] = chi;
        }
        for (int k = 0; k < frame.stepRelations.length; k++) {
            int relation = frame.stepRelations[k];
            int[][] byId = frame.stepExceptions[k];
            int offset = offsets[relation];
            for (int i = offset, n = end[relation]; i < n; i++) {
                int[] failing = byId[kb[i] - offset];
                if (failing == null) {
                    continue;
                }
                for (int chi : failing) {
                    long bit = 1L << chi;
                    if ((seen[chi >>> 6] & bit) == 0) {
                        seen[chi >>> 6] |= bit;
                        out[count++] = chi;
                    }
                }
            }
        }
        for (int e = 0; e < count; e++) {
            seen[out[e] >>> 6] = 0;
        }
        stepExceptionCount[frame.part] = count;
        return count * Frames.EXCEPTION_SHARE <= partSize;
    }

    /** Runs every next rule (a frame axiom by its exceptions where it can be). */
    private void runNextRules() {
        for (int i = 0, n = frames.rules.length; i < n; i++) {
            runNextRule(i);
        }
    }

    /** Runs the next rules the joint move's moves pass (see {@link Frames#rulesOfMove}) and those not read by move. */
    private void runNextRulesByMove(int[] jointMove) {
        Frames frames = this.frames;
        long[] toRun = rulesToRun;
        System.arraycopy(frames.rulesNotByMove, 0, toRun, 0, toRun.length);
        // a rule read by move that no move played passes derives nothing: its bit stays unset
        for (int move : jointMove) {
            for (int i : frames.rulesOfMove[move]) {
                toRun[i >>> 6] |= 1L << i;
            }
        }
        for (int w = 0; w < toRun.length; w++) {
            for (long word = toRun[w]; word != 0; word &= word - 1) {
                runNextRule((w << 6) + Long.numberOfTrailingZeros(word));
            }
        }
    }

    private void runNextRule(int i) {
        Frames.Frame frame = frames.frame[i];
        if (frame == null || !readByExceptions(frame, i)) {
            if (code != null) {
                code.runFrameRule(i);
            } else {
                run(frames.rules[i]);
            }
        }
    }

    /**
     * Runs a frame axiom's trigger (the stages of its frame plan before the last): with one RefNo whose
     * exceptions are listed, and no other frame axiom reading the same part by its exceptions, marks the part
     * as read by them and derives nothing; with one RefNo otherwise, runs the last stage for it. Returns false
     * where the rule must run as compiled (its trigger gave several RefNos).
     */
    private boolean readByExceptions(Frames.Frame frame, int i) {
        int ref = 0;
        if (!frame.triggerless) {
            RulePlan plan = frame.plan;
            int[] preconditions = plan.preconditions;
            if (!conditionsHold(preconditions, 0, preconditions.length)) {
                return true;
            }
            ref = onlyRef(plan);
            if (ref == NO_REF) {
                return true;
            }
            if (ref == SEVERAL_REFS) {
                return false;
            }
        }
        RulePlan.Stage last = frame.last;
        int part = frame.part;
        if (exceptionFrame[part] < 0 && frame.exceptions[ref] != null
                && (!frame.readsStep || listStepExceptions(frame, ref, last.size))) {
            exceptionFrame[part] = i;
            exceptionRef[part] = ref;
            return true;
        }
        RulePlan plan = frame.plan;
        end[plan.headRelation] = runLast(last, ref, plan.result, end[plan.headRelation]);
        return true;
    }

    private static final int NO_REF = -1;
    private static final int SEVERAL_REFS = -2;

    /**
     * The one RefNo the stages of a plan before its last lead to from RefNo 0 (0 for a plan of one stage),
     * {@link #NO_REF} or {@link #SEVERAL_REFS}.
     */
    private int onlyRef(RulePlan plan) {
        int[] in = buffers[0];
        in[0] = 0;
        int count = 1;
        for (int k = 0, triggers = plan.stages.length - 1; k < triggers; k++) {
            RulePlan.Stage stage = plan.stages[k];
            int[] out = buffers[k + 1];
            int m = 0;
            for (int f = 0; f < count; f++) {
                int ref = in[f];
                if (stage.fixed != null) {
                    m = readStatic(stage, ref, out, m);
                } else if (probes(stage, ref)) {
                    m = probe(stage, ref, out, m);
                } else {
                    m = scan(stage, ref, out, m, stage.offset);
                }
                if (m > CHUNK) {
                    return SEVERAL_REFS; // the buffer has room for one more RefNo's output only
                }
            }
            if (m == 0) {
                return NO_REF;
            }
            in = out;
            count = m;
        }
        for (int f = 1; f < count; f++) {
            if (in[f] != in[0]) {
                return SEVERAL_REFS;
            }
        }
        return in[0];
    }

    /**
     * Takes one fact out of a part of true's list, keeping the others in order (the order rules read them in,
     * and so the order they derive in): a search by value and a shift of the tail. A step drops a few of a
     * part read by its exceptions, and a pass over the whole part testing each fact's bit cost blocker a
     * tenth of its playouts.
     */
    private void unlist(int part, int global) {
        int n = end[part];
        int i = offsets[part];
        while (i < n && kb[i] != global) {
            i++;
        }
        if (i == n) {
            return; // not listed: nothing to take out
        }
        System.arraycopy(kb, i + 1, kb, i, n - i - 1);
        end[part] = n - 1;
    }

    /** {@link #clear} for an advance: every state-dependent relation but the parts of true, which stay. */
    private void clearDerived() {
        clear(derivedResets, trueBits);
    }

    @Override
    public int goal(int roleIndex) {
        if (!goalsComputed) {
            catchUp();
            run(program.goal, RuleCode.GOAL);
            goalsComputed = true;
        }
        RoleTables roles = roleTables;
        int goalRelation = roles.goalRelation;
        int[] goalRole = roles.goalRole;
        int[] goalValue = roles.goalValue;
        int offset = offsets[goalRelation];
        int best = -1;
        for (int i = offset, n = end[goalRelation]; i < n; i++) {
            int id = kb[i] - offset;
            if (goalRole[id] == roleIndex) {
                best = Math.max(best, goalValue[id]);
            }
        }
        return Math.max(best, 0);
    }

    @Override
    public Term move(int moveId) {
        return terms.moveTerm(moveId);
    }

    @Override
    public int moveId(int roleIndex, Term move) {
        return terms.moveId(roleIndex, move);
    }

    @Override
    public Term fact(int factId) {
        return terms.factTerm(factId);
    }

    @Override
    public int factId(Term fact) {
        return terms.factId(fact);
    }

    @Override
    public int factCount() {
        return terms.factCount();
    }

    // ---- evaluation ----

    private void computeStateRelations() {
        if (readyEnd != null) {
            listGuarded();
        }
        run(statePhase, RuleCode.STATE);
        statePhasePending = false;
        goalsComputed = false;
        movesListed = false;
        movesCounted = false;
    }

    /**
     * Lists each role's legal moves in move ID order: the order in which rules produce them depends on the
     * rule order chosen at compile time, move ID order does not, so the same seed picks the same moves
     * whichever tables were built. Where legal IDs run in move order (see {@link RoleTables#legalInMoveOrder})
     * and the legal relation spans few bitset words beside the IDs listed, the moves are read off the bits
     * in order; else the list is read and a role whose moves came out of order is sorted. (Sorting took a
     * quarter of knightThrough's random playouts, whose eight legal rules each list their moves in order.)
     */
    private void listMoves() {
        if (movesListed) {
            return;
        }
        catchUp();
        int[] counts = roleMoveCounts;
        Arrays.fill(counts, 0);
        RoleTables roles = roleTables;
        int legalRelation = roles.legalRelation;
        int offset = offsets[legalRelation];
        if (roles.legalInMoveOrder && legalBitsAreDense(roles)) {
            readMovesOffBits(roles, offset);
        } else {
            readMovesOffList(roles, offset);
        }
        movesListed = true;
    }

    /**
     * Whether the legal relation spans few bitset words beside the IDs listed in this state: then reading
     * moves off its bits beats reading its list.
     */
    private boolean legalBitsAreDense(RoleTables roles) {
        int relation = roles.legalRelation;
        return roles.legalLastWord - roles.legalFirstWord <= 2 * (end[relation] - offsets[relation]);
    }

    /**
     * Counts each role's legal moves off the legal relation's bits, without listing them, where
     * {@link #listMoves} would read them off the bits too: a random playout then reads one move a role
     * ({@link #selectOnce}), and listing every move took an eighth of blocker's playouts. Returns false
     * (nothing counted) where the moves are to be listed.
     */
    private boolean countMoves() {
        RoleTables roles = roleTables;
        int[] roleWordStart = roles.roleWordStart;
        if (roleWordStart == null) {
            return false;
        }
        catchUp();
        if (!legalBitsAreDense(roles)) {
            return false;
        }
        long[] words = bits;
        int[] legalWord = roles.legalWord;
        long[] masks = roles.legalWordMask;
        int[] counts = roleMoveCounts;
        for (int role = 0, k = 0; role < counts.length; role++) {
            int count = 0;
            for (int stop = roleWordStart[role + 1]; k < stop; k++) {
                count += Long.bitCount(words[legalWord[k]] & masks[k]);
            }
            counts[role] = count;
        }
        movesCounted = true;
        selectedRoles = 0;
        return true;
    }

    /**
     * The role's {@code i}th legal move read off the bits where {@link #countMoves} counted them and no move of
     * the role has been read so far in this state; else -1, and the moves are to be listed (the search reads
     * every move of a node it expands: one pass over the bits then beats a select per move).
     */
    private int selectOnce(int roleIndex, int i) {
        long role = 1L << roleIndex;
        if (!movesCounted || (selectedRoles & role) != 0 || i < 0 || i >= roleMoveCounts[roleIndex]) {
            return -1;
        }
        selectedRoles |= role;
        RoleTables roles = roleTables;
        int[] legalWord = roles.legalWord;
        long[] masks = roles.legalWordMask;
        for (int k = roles.roleWordStart[roleIndex]; ; k++) {
            long word = bits[legalWord[k]] & masks[k];
            int count = Long.bitCount(word);
            if (i < count) {
                // the first move (a turn-taking game's noop, where it is the role's only move) needs no select
                int bit = i == 0 ? Long.numberOfTrailingZeros(word) : nthSetBit(word, i);
                int global = (legalWord[k] << 6) + bit;
                return roles.legalToDoes[global - offsets[roles.legalRelation]];
            }
            i -= count;
        }
    }

    /**
     * The position of the {@code n}th set bit (from 0, lowest first) of a word with more than n set: halves
     * the word six times, keeping the half the bit lies in, with no branch (a loop clearing the lowest bit n
     * times mispredicted its exit in every playout step; a loop over the halves was not unrolled).
     */
    static int nthSetBit(long word, int n) {
        int position = 0;
        int low = Long.bitCount(word & 0xFFFF_FFFFL);
        int above = (low - n - 1) >> 31; // -1 where the bit lies above the low half, else 0
        n -= low & above;
        word >>>= 32 & above;
        position += 32 & above;
        low = Long.bitCount(word & 0xFFFFL);
        above = (low - n - 1) >> 31;
        n -= low & above;
        word >>>= 16 & above;
        position += 16 & above;
        low = Long.bitCount(word & 0xFFL);
        above = (low - n - 1) >> 31;
        n -= low & above;
        word >>>= 8 & above;
        position += 8 & above;
        low = Long.bitCount(word & 0xFL);
        above = (low - n - 1) >> 31;
        n -= low & above;
        word >>>= 4 & above;
        position += 4 & above;
        low = Long.bitCount(word & 0x3L);
        above = (low - n - 1) >> 31;
        n -= low & above;
        word >>>= 2 & above;
        position += 2 & above;
        return position + ((int) (word & 1) - n - 1 >>> 31);
    }

    /** {@link #listMoves} by the legal relation's bits, in ID order. */
    private void readMovesOffBits(RoleTables roles, int offset) {
        int[] counts = roleMoveCounts;
        int[] legalRole = roles.legalRole;
        int[] legalToDoes = roles.legalToDoes;
        long[] words = bits;
        int firstWord = roles.legalFirstWord;
        int lastWord = roles.legalLastWord;
        int stop = offset + legalRole.length;
        for (int w = firstWord; w <= lastWord; w++) {
            long word = words[w];
            if (w == firstWord) {
                word &= -1L << offset; // shifts count modulo 64: the bits below the relation's first ID
            }
            if (w == lastWord && (stop & 63) != 0) {
                word &= -1L >>> (64 - (stop & 63));
            }
            while (word != 0) {
                int id = (w << 6) + Long.numberOfTrailingZeros(word) - offset;
                word &= word - 1;
                int role = legalRole[id];
                if (role >= 0) {
                    roleMoves[role][counts[role]++] = legalToDoes[id];
                }
            }
        }
    }

    /** {@link #listMoves} by the legal relation's list, in production order, then sorted where needed. */
    private void readMovesOffList(RoleTables roles, int offset) {
        int[] counts = roleMoveCounts;
        int[] legalRole = roles.legalRole;
        int[] legalToDoes = roles.legalToDoes;
        // rules often produce a role's moves in move-id order already; only a role whose moves came out of
        // order is sorted (its bit in unsorted)
        long unsorted = 0;
        for (int i = offset, n = end[roles.legalRelation]; i < n; i++) {
            int id = kb[i] - offset;
            int role = legalRole[id];
            if (role >= 0) {
                int[] moves = roleMoves[role];
                int count = counts[role];
                int move = legalToDoes[id];
                if (count > 0 && moves[count - 1] > move) {
                    unsorted |= 1L << role;
                }
                moves[count] = move;
                counts[role] = count + 1;
            }
        }
        for (int role = 0; role < roleMoves.length; role++) {
            if (role >= Long.SIZE || (unsorted & (1L << role)) != 0) {
                putInOrder(role, roleMoves[role], counts[role]);
            }
        }
    }

    /**
     * Sorts a role's {@code count} listed moves (distinct move IDs). Where the words of the role's move IDs
     * are few beside the moves listed, it sets their bits and reads them back in order: O(moves + words).
     * Several rules each list a role's moves in order (breakthrough's three directions), and merging their
     * runs by sorting took an eighth of breakthrough's random playouts.
     */
    private void putInOrder(int role, int[] moves, int count) {
        int first = roleTables.firstMoveWord[role];
        int last = roleTables.lastMoveWord[role];
        if (last - first >= 2 * count) {
            Arrays.sort(moves, 0, count);
            return;
        }
        long[] words = moveBits;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            words[move >>> 6] |= 1L << move;
        }
        int listed = 0;
        for (int w = first; w <= last; w++) {
            long word = words[w];
            if (word == 0) {
                continue;
            }
            words[w] = 0;
            do {
                moves[listed++] = (w << 6) + Long.numberOfTrailingZeros(word);
                word &= word - 1;
            } while (word != 0);
        }
    }

    /**
     * Runs a phase's blocks in order, by the generated code where there is some (index: its phase of
     * {@link RuleCode#runPhase}), then samples its relations' list sizes (when statistics are on).
     */
    private void run(Phase phase, int index) {
        if (code != null) {
            code.runPhase(index);
            sample(phase.sampled);
            return;
        }
        for (Block block : phase.blocks) {
            RulePlan[] rules = block.rules;
            if (!block.recursive) {
                for (RulePlan rule : rules) {
                    run(rule);
                }
                continue;
            }
            runRecursive(block);
        }
        sample(phase.sampled);
    }

    /**
     * Rules depending on themselves within a stratum, run semi-naively (see {@link Block}) until a pass
     * derives nothing new: the first pass runs every rule whole, each later pass runs the rules' delta plans,
     * whose first stage reads only the IDs listed since the pass before began (positions from
     * {@link #deltaFrom}). Rules without delta plans are run whole on every pass, as naive evaluation would.
     */
    void runRecursive(Block block) {
        int[] heads = block.heads;
        RulePlan[] rules = block.rules;
        for (int r : heads) {
            passStart[r] = end[r];
        }
        for (RulePlan rule : rules) {
            run(rule);
        }
        while (grew(heads)) {
            for (int r : heads) {
                deltaFrom[r] = passStart[r];
                passStart[r] = end[r];
            }
            for (int i = 0; i < rules.length; i++) {
                RulePlan[] plans = block.deltaPlans[i];
                if (plans == null) {
                    run(rules[i]);
                    continue;
                }
                for (RulePlan plan : plans) {
                    int relation = plan.stages[0].relation;
                    if (deltaFrom[relation] < end[relation]
                            && conditionsHold(plan.preconditions, 0, plan.preconditions.length)) {
                        runDelta(plan, deltaFrom[relation]);
                    }
                }
            }
        }
    }

    /** Whether any of these relations gained an ID since {@link #passStart} was last set. */
    private boolean grew(int[] relations) {
        for (int r : relations) {
            if (end[r] != passStart[r]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs a delta plan (whose preconditions hold) through the general stage machine, its first stage
     * reading only the knowledge-base positions from {@code from} on.
     */
    private void runDelta(RulePlan plan, int from) {
        deltaStart = from;
        runStages(plan);
        deltaStart = -1;
    }

    /** HSFC Figure 1: enumerate input combinations through the reference tables, post results. */
    private void run(RulePlan rule) {
        int[] preconditions = rule.preconditions;
        if (!conditionsHold(preconditions, 0, preconditions.length)) {
            return;
        }
        switch (rule.stages.length) {
            case 0 -> write(rule.headRelation, rule.result[0]);
            case 1 -> {
                if (rule.stages[0].fixed == null) {
                    runSingleInput(rule, rule.stages[0]);
                } else {
                    runSingleStatic(rule, rule.stages[0]);
                }
            }
            case 2 -> runTwoStages(rule);
            default -> runStages(rule);
        }
    }

    /**
     * A rule with two inputs (a frame axiom with a move, a line of cells) as nested loops with no stage
     * buffer: the second stage runs for each RefNo the first passes. Fewer instructions than the general
     * stage machine (bunk_t 10,700 to 9,200 a state).
     */
    private void runTwoStages(RulePlan rule) {
        RulePlan.Stage first = rule.stages[0];
        RulePlan.Stage second = rule.stages[1];
        int[] conditions = first.conditions;
        int width = first.width;
        boolean once = first.once;
        int[] result = rule.result;
        int head = rule.headRelation;
        int position = end[head];
        if (first.fixed != null) {
            for (int ref : first.fixed[0]) {
                if (conditionsHold(conditions, ref, width)) {
                    position = runLast(second, ref, result, position);
                    if (once) {
                        break;
                    }
                }
            }
        } else if (probes(first, 0)) {
            int offset = first.offset;
            int[] probes = first.probes;
            for (int j = 0, stop = 2 * first.probeStart[1]; j < stop; j += 2) {
                int ref = probes[j + 1];
                if (has(offset + probes[j]) && conditionsHold(conditions, ref, width)) {
                    position = runLast(second, ref, result, position);
                    if (once) {
                        break;
                    }
                }
            }
        } else {
            int[] table = first.table;
            int offset = first.offset;
            for (int i = offset, n = end[first.relation]; i < n; i++) {
                int ref = table[kb[i] - offset];
                if (ref >= 0 && conditionsHold(conditions, ref, width)) {
                    position = runLast(second, ref, result, position);
                    if (once) {
                        break;
                    }
                }
            }
        }
        end[head] = position;
    }

    /**
     * The last stage of a rule for RefNo {@code ref} (0 for a rule with one input): posts the result of each
     * passing instance (HSFC Def. 9: the last RefNo indexes the result) at knowledge-base position
     * {@code position} of the head's list, and returns the position after it (see {@link #append}).
     */
    private int runLast(RulePlan.Stage stage, int ref, int[] result, int position) {
        int[] conditions = stage.conditions;
        int width = stage.width;
        boolean once = stage.once;
        if (stage.fixed != null) {
            for (int next : stage.fixed[ref]) {
                if (conditionsHold(conditions, next, width)) {
                    position = append(result[next], position);
                    if (once) {
                        break;
                    }
                }
            }
        } else if (probes(stage, ref)) {
            int offset = stage.offset;
            int[] probes = stage.probes;
            for (int j = 2 * stage.probeStart[ref], stop = 2 * stage.probeStart[ref + 1]; j < stop; j += 2) {
                int next = probes[j + 1];
                if (has(offset + probes[j]) && conditionsHold(conditions, next, width)) {
                    position = append(result[next], position);
                    if (once) {
                        break;
                    }
                }
            }
        } else {
            int[] table = stage.table;
            int offset = stage.offset;
            int base = ref * stage.size - offset;
            for (int i = offset, n = end[stage.relation]; i < n; i++) {
                int next = table[base + kb[i]];
                if (next >= 0 && conditionsHold(conditions, next, width)) {
                    position = append(result[next], position);
                    if (once) {
                        break;
                    }
                }
            }
        }
        return position;
    }

    /**
     * Runs a rule with several inputs stage by stage: stage k turns the RefNos waiting in
     * {@code buffers[k]} into the RefNos of its passing instances in {@code buffers[k+1]}, and after the
     * last stage those index the results. Each stage is then one flat loop, which the JIT compiles far better
     * than a recursion through the stages. A buffer is passed on once it holds {@link #CHUNK} RefNos; it has
     * room for that plus what one RefNo can add (bounded at compile time), so memory stays bounded and the
     * loops need no capacity checks. An input added to its own relation during a recursive block is seen on
     * the block's next pass at the latest.
     */
    private void runStages(RulePlan rule) {
        buffers[0][0] = 0;
        expand(rule, 0, 1);
    }

    /** Stage {@code k} of {@code rule} over the first {@code count} RefNos (RefNo_{k-1}) in buffers[k]. */
    private void expand(RulePlan rule, int k, int count) {
        RulePlan.Stage stage = rule.stages[k];
        int[] in = buffers[k];
        int[] out = buffers[k + 1];
        int m = 0;
        for (int f = 0; f < count; f++) {
            int ref = in[f];
            if (k == 0 && deltaStart >= 0) {
                m = scan(stage, ref, out, m, deltaStart);
            } else if (stage.fixed != null) {
                m = readStatic(stage, ref, out, m);
            } else if (probes(stage, ref)) {
                m = probe(stage, ref, out, m);
            } else {
                m = scan(stage, ref, out, m, stage.offset);
            }
            if (m >= CHUNK) {
                passOn(rule, k, m);
                m = 0;
            }
        }
        passOn(rule, k, m);
    }

    /**
     * Whether dynamic input {@code stage} is read for RefNo {@code ref} by testing its candidates' bits: it
     * is sparse (no table), or has clearly fewer candidates than listed IDs (a probe costs a little more than
     * a list step). Otherwise its list is scanned through the table.
     */
    private boolean probes(RulePlan.Stage stage, int ref) {
        int[] probeStart = stage.probeStart;
        return probeStart != null && (stage.table == null
            || 5 * (probeStart[ref + 1] - probeStart[ref]) < 4 * (end[stage.relation] - stage.offset));
    }

    /*
     * readStatic, probe and scan are one loop written three times on purpose (a deliberate specialisation of
     * the hot path): each reads its input its own way, and separate small loops keep the JIT's code for each
     * tight. Keep the three alike when changing one.
     */

    /** A static input: the RefNos it can lead to were listed at compile time. */
    private int readStatic(RulePlan.Stage stage, int ref, int[] out, int m) {
        int[] conditions = stage.conditions;
        int width = stage.width;
        for (int next : stage.fixed[ref]) {
            if (conditionsHold(conditions, next, width)) {
                out[m++] = next;
                if (stage.once) {
                    break;
                }
            }
        }
        return m;
    }

    private int probe(RulePlan.Stage stage, int ref, int[] out, int m) {
        int[] conditions = stage.conditions;
        int width = stage.width;
        int offset = stage.offset;
        int[] probes = stage.probes;
        for (int j = 2 * stage.probeStart[ref], stop = 2 * stage.probeStart[ref + 1]; j < stop; j += 2) {
            int next = probes[j + 1];
            if (has(offset + probes[j]) && conditionsHold(conditions, next, width)) {
                out[m++] = next;
                if (stage.once) {
                    break;
                }
            }
        }
        return m;
    }

    /**
     * HSFC Def. 7: RefIndex = RefNo × |S(Q)| + χ, with χ = global ID - offset; reads the stage's list from
     * knowledge-base position {@code from} (its start, or where a semi-naive pass's new IDs begin).
     */
    private int scan(RulePlan.Stage stage, int ref, int[] out, int m, int from) {
        int[] conditions = stage.conditions;
        int width = stage.width;
        int[] table = stage.table;
        int offset = stage.offset;
        int base = ref * stage.size - offset;
        for (int i = from, n = end[stage.relation]; i < n; i++) {
            int next = table[base + kb[i]];
            if (next >= 0 && conditionsHold(conditions, next, width)) {
                out[m++] = next;
                if (stage.once) {
                    break;
                }
            }
        }
        return m;
    }

    /** Hands the {@code count} RefNos stage k left in buffers[k+1] to the next stage, or posts their results. */
    private void passOn(RulePlan rule, int k, int count) {
        if (count == 0) {
            return;
        }
        if (k + 1 < rule.stages.length) {
            expand(rule, k + 1, count);
            return;
        }
        // HSFC Def. 9: the last RefNo indexes the result
        int[] refs = buffers[k + 1];
        int[] result = rule.result;
        int head = rule.headRelation;
        int position = end[head];
        for (int f = 0; f < count; f++) {
            position = append(result[refs[f]], position);
        }
        end[head] = position;
    }

    /**
     * The common shape of one dynamic input (frame axioms, most legal and next rules) as a plain counted
     * loop, which the JIT compiles far better than the general stage machine. (It is {@link #runLast} for
     * RefNo 0 with one kind of input; calling runLast here instead cost nineBoardTicTacToe 7% more
     * instructions, as runLast is then inlined in too many places.)
     */
    private void runSingleInput(RulePlan rule, RulePlan.Stage stage) {
        int[] table = stage.table;
        int[] conditions = stage.conditions;
        int width = stage.width;
        int[] result = rule.result;
        int head = rule.headRelation;
        boolean once = stage.once;
        int offset = stage.offset;
        int n = end[stage.relation];
        // the head's list end stays in a local for the loop (see append)
        int position = end[head];
        if (probes(stage, 0)) {
            int[] probes = stage.probes;
            for (int j = 0, stop = 2 * stage.probeStart[1]; j < stop; j += 2) {
                int next = probes[j + 1];
                if (!has(offset + probes[j]) || !conditionsHold(conditions, next, width)) {
                    continue;
                }
                position = append(result[next], position);
                if (once) {
                    break;
                }
            }
        } else {
            int base = -offset;
            for (int i = offset; i < n; i++) {
                int next = table[base + kb[i]];
                if (next < 0 || !conditionsHold(conditions, next, width)) {
                    continue;
                }
                position = append(result[next], position);
                if (once) {
                    break;
                }
            }
        }
        end[head] = position;
    }

    /** One static input: its RefNos were listed at compile time, only their conditions depend on the state. */
    private void runSingleStatic(RulePlan rule, RulePlan.Stage stage) {
        int[] conditions = stage.conditions;
        int width = stage.width;
        int[] result = rule.result;
        int head = rule.headRelation;
        boolean once = stage.once;
        int position = end[head];
        for (int next : stage.fixed[0]) {
            if (!conditionsHold(conditions, next, width)) {
                continue;
            }
            position = append(result[next], position);
            if (once) {
                break;
            }
        }
        end[head] = position;
    }

    /**
     * HSFC Def. 8: row {@code ref} of {@code width} codes lists the IDs that must be present (code = ID) or
     * absent (code = ~ID). No condition and a single one, the common cases, need no loop.
     */
    private boolean conditionsHold(int[] conditions, int ref, int width) {
        if (width == 0) {
            return true;
        }
        if (width == 1) {
            return holds(conditions[ref]);
        }
        if (width == 2) {
            // both tests and one branch: the outcome of each test is as good as random, a branch on each
            // would be mispredicted twice as often
            int i = 2 * ref;
            return (holdsBit(conditions[i]) & holdsBit(conditions[i + 1])) != 0;
        }
        for (int i = ref * width, stop = i + width; i < stop; i++) {
            if (!holds(conditions[i])) {
                return false;
            }
        }
        return true;
    }

    private boolean holds(int code) {
        return holdsBit(code) != 0;
    }

    /** One condition code as 1 or 0: the sign bit of the code flips the tested bit, so both cases are one test. */
    private long holdsBit(int code) {
        int global = code ^ (code >> 31);
        return ((bits[global >>> 6] >>> global) ^ (code >>> 31)) & 1L;
    }

    private boolean has(int global) {
        return (bits[global >>> 6] & (1L << global)) != 0;
    }

    /** Adds global ID {@code global} of relation {@code relation} unless present. */
    private void write(int relation, int global) {
        int word = global >>> 6;
        long mask = 1L << global;
        long old = bits[word];
        if ((old & mask) != 0) {
            return;
        }
        bits[word] = old | mask;
        kb[end[relation]++] = global;
    }

    /**
     * {@link #write} for a loop that keeps the end of the head's list in a local: adds {@code global} at
     * knowledge-base position {@code position} unless present, and returns the position after the list. The
     * loop stores the end back when done; nothing reads that relation's list end meanwhile (a rule reading
     * its own head scans only the IDs listed when its loop started, and conditions test bits).
     */
    private int append(int global, int position) {
        int word = global >>> 6;
        long mask = 1L << global;
        long old = bits[word];
        if ((old & mask) != 0) {
            return position;
        }
        bits[word] = old | mask;
        kb[position] = global;
        return position + 1;
    }

    /** Resets every state-dependent relation to its permanent facts. */
    private void clear() {
        clear(allResets, null);
    }

    /**
     * Resets the relations at these indices of the reset's arrays to their permanent facts. Where the
     * permanent bits are copied back whole, {@code keptBits} (if not null) marks the bits that stay as they
     * are: those of relations not reset.
     */
    private void clear(int[] resets, long[] keptBits) {
        Reset reset = this.reset;
        int[] cleared = reset.relations;
        int[] clearFrom = reset.from;
        if (permanentBits != null) {
            if (keptBits == null) {
                System.arraycopy(permanentBits, 0, bits, 0, bits.length);
            } else {
                for (int w = 0; w < bits.length; w++) {
                    bits[w] = permanentBits[w] | (bits[w] & keptBits[w]);
                }
            }
            for (int c : resets) {
                end[cleared[c]] = clearFrom[c];
            }
            return;
        }
        int[] firstWords = reset.firstWord;
        int[] lastWords = reset.lastWord;
        for (int c : resets) {
            int r = cleared[c];
            int from = clearFrom[c];
            int n = end[r];
            int firstWord = firstWords[c];
            int lastWord = lastWords[c];
            if (firstWord >= 0 && n - from > 2 * (lastWord - firstWord + 1)) {
                // many IDs in few words: unset the relation's whole range, a word at a time
                clearRange(firstWord, lastWord, reset.firstMask[c], reset.lastMask[c]);
            } else {
                for (int i = from; i < n; i++) {
                    int global = kb[i];
                    bits[global >>> 6] &= ~(1L << global);
                }
            }
            end[r] = from;
        }
    }

    /** Unsets the bits of one relation's range; its first and last words are shared with other relations. */
    private void clearRange(int firstWord, int lastWord, long firstMask, long lastMask) {
        if (firstWord == lastWord) {
            bits[firstWord] &= ~(firstMask & lastMask);
            return;
        }
        bits[firstWord] &= ~firstMask;
        for (int w = firstWord + 1; w < lastWord; w++) {
            bits[w] = 0;
        }
        bits[lastWord] &= ~lastMask;
    }

    // ---- relations kept up to date between states (see Incremental) ----

    /**
     * Counts the failing conditions of every instance once, in their order (the rules', and within a
     * recursive block supporters first, so what an instance reads is final when counted); the kept IDs
     * derived then are the items the counts saw present.
     */
    private void initialiseKept() {
        Incremental kept = incremental;
        int[] conditions = kept.conditions;
        for (int i = 0, n = kept.instanceCount(); i < n; i++) {
            int failing = 0;
            for (int c = kept.conditionStart[i], stop = kept.conditionStart[i + 1]; c < stop; c++) {
                failing += 1 - (int) holdsBit(conditions[c]);
            }
            unsatisfied[i] = failing;
            if (failing > 0) {
                continue;
            }
            if (i >= kept.firstGuarded) {
                addReady(i);
            } else if (derivations[kept.resultSlot[i]]++ == 0) {
                addKept(i);
                addDuplicates(kept.resultSlot[i]);
            }
        }
        for (int slot = 0; slot < kept.slotCount; slot++) {
            if (derivations[slot] > 0) {
                int item = kept.factCount + slot;
                counted[item >>> 6] |= 1L << item;
            }
        }
    }

    /**
     * Brings the kept relations up to date with the facts of true now listed: the facts gained or lost since
     * the last time are the changes, and only the instances reading a change are tested again.
     */
    private void synchroniseKept() {
        Incremental kept = incremental;
        keptPending = false;
        if (kept == null) {
            return;
        }
        int[] readerStart = kept.readerStart;
        for (int i = 0; i < syncedCount;) {
            int fact = syncedFacts[i];
            if (has(trueOffset + fact)) {
                i++;
            } else {
                forgetSynced(fact); // the list's last fact moves to position i
            }
        }
        for (int part : factTables.trueParts) {
            for (int i = offsets[part], n = end[part]; i < n; i++) {
                int fact = kb[i] - trueOffset;
                // facts no instance reads are not tracked
                if (!isSynced(fact) && readerStart[fact] != readerStart[fact + 1]) {
                    addSynced(fact);
                }
            }
        }
        propagate();
    }

    /**
     * {@link #synchroniseKept} where the changes are known: an advance that changed the state in place names
     * the facts it dropped (global IDs) and added (fact IDs), so the state need not be compared whole, unless
     * the kept relations were behind the state those changes were made to.
     */
    private void synchroniseChanges(int[] dropped, int droppedCount, int[] added, int addedCount) {
        Incremental kept = incremental;
        if (kept == null) {
            return;
        }
        if (keptPending) {
            synchroniseKept(); // see setState(int[], int, int)
            return;
        }
        int[] readerStart = kept.readerStart;
        for (int i = 0; i < droppedCount; i++) {
            int fact = dropped[i] - trueOffset;
            if (isSynced(fact)) {
                forgetSynced(fact);
            }
        }
        for (int i = 0; i < addedCount; i++) {
            int fact = added[i];
            if (!isSynced(fact) && readerStart[fact] != readerStart[fact + 1]) {
                addSynced(fact);
            }
        }
        propagate();
    }

    private boolean isSynced(int fact) {
        return (synced[fact >>> 6] & (1L << fact)) != 0;
    }

    /** A fact now present that kept instances read: tracked, and its readers queued. */
    private void addSynced(int fact) {
        synced[fact >>> 6] |= 1L << fact;
        syncedPosition[fact] = syncedCount;
        syncedFacts[syncedCount++] = fact;
        enqueue(fact);
    }

    /** A tracked fact now absent: untracked (the list's last fact takes its place), and its readers queued. */
    private void forgetSynced(int fact) {
        int position = syncedPosition[fact];
        int last = syncedFacts[--syncedCount];
        syncedFacts[position] = last;
        syncedPosition[last] = position;
        synced[fact >>> 6] &= ~(1L << fact);
        enqueue(fact);
    }

    /**
     * Brings the counts of the readers of each changed item up to date until nothing changes (no kept ID
     * supports itself, see {@link Incremental}). An item that changed back since it was queued changes no count.
     */
    private void propagate() {
        Incremental kept = incremental;
        int[] readerStart = kept.readerStart;
        int[] readers = kept.readers;
        int[] readerSplit = kept.readerSplit;
        int factCount = kept.factCount;
        int capacity = changed.length;
        while (changedHead != changedTail) {
            int item = changed[changedHead];
            changedHead = changedHead + 1 == capacity ? 0 : changedHead + 1;
            queued[item] = false;
            boolean present = item < factCount ? has(trueOffset + item) : derivations[item - factCount] > 0;
            long mask = 1L << item;
            if (((counted[item >>> 6] & mask) != 0) == present) {
                continue;
            }
            counted[item >>> 6] ^= mask;
            // the item's presence readers (entries i) come first, then its absence readers (entries ~i)
            int start = readerStart[item];
            int split = readerSplit[item];
            int stop = readerStart[item + 1];
            if (present) {
                satisfy(readers, start, split, 0);
                unsatisfy(readers, split, stop, -1);
            } else {
                unsatisfy(readers, start, split, 0);
                satisfy(readers, split, stop, -1);
            }
        }
    }

    /**
     * The instances of readers[from .. to) have one failing condition fewer; {@code flip} is -1 for absence
     * readers, whose entries are complemented (x ^ -1 == ~x), else 0.
     */
    private void satisfy(int[] readers, int from, int to, int flip) {
        int[] unsatisfied = this.unsatisfied;
        for (int r = from; r < to; r++) {
            int i = readers[r] ^ flip;
            if (--unsatisfied[i] == 0) {
                derive(i);
            }
        }
    }

    /** The instances of readers[from .. to) have one failing condition more; {@code flip} as for satisfy. */
    private void unsatisfy(int[] readers, int from, int to, int flip) {
        int[] unsatisfied = this.unsatisfied;
        for (int r = from; r < to; r++) {
            int i = readers[r] ^ flip;
            if (unsatisfied[i]++ == 0) {
                underive(i);
            }
        }
    }

    /**
     * Instance i now holds: its ID gains a derivation (and is a change if that is its first); a guarded
     * instance waits for its guard instead.
     */
    private void derive(int instance) {
        if (instance >= firstGuarded) {
            addReady(instance);
            return;
        }
        int slot = resultSlot[instance];
        if (derivations[slot]++ == 0) {
            addKept(instance);
            if (mergedIds) {
                addDuplicates(slot);
            }
            enqueueRead(keptFactCount + slot);
        }
    }

    /** Instance i no longer holds: its ID loses a derivation (and is a change if that was its last). */
    private void underive(int instance) {
        if (instance >= firstGuarded) {
            removeReady(instance);
            return;
        }
        int slot = resultSlot[instance];
        if (--derivations[slot] == 0) {
            removeKept(instance);
            if (mergedIds) {
                removeDuplicates(slot);
            }
            enqueueRead(keptFactCount + slot);
        }
    }

    /**
     * Queues a changed kept ID if some kept instance reads it: most change no count (connectFour's legal
     * moves, which all flip with the turn, are read by the players only).
     */
    private void enqueueRead(int item) {
        int[] readerStart = incremental.readerStart;
        if (readerStart[item] != readerStart[item + 1]) {
            enqueue(item);
        }
    }

    private void enqueue(int item) {
        if (queued[item]) {
            return;
        }
        queued[item] = true;
        changed[changedTail] = item;
        changedTail = changedTail + 1 == changed.length ? 0 : changedTail + 1;
    }

    /** Lists and sets the ID instance {@code instance} derives (it had no derivation before). */
    private void addKept(int instance) {
        listKept(incremental.result[instance], incremental.resultRelation[instance],
            resultSlot[instance]);
    }

    /** Lists and sets the IDs merged into {@code slot}'s (see {@link Incremental#duplicateStart}). */
    private void addDuplicates(int slot) {
        Incremental kept = incremental;
        for (int d = kept.duplicateStart[slot], stop = kept.duplicateStart[slot + 1]; d < stop; d++) {
            listKept(kept.duplicateGlobal[d], kept.duplicateRelation[d], kept.duplicateSlot[d]);
        }
    }

    /** Unlists and unsets the IDs merged into {@code slot}'s. */
    private void removeDuplicates(int slot) {
        Incremental kept = incremental;
        for (int d = kept.duplicateStart[slot], stop = kept.duplicateStart[slot + 1]; d < stop; d++) {
            unlistKept(kept.duplicateGlobal[d], kept.duplicateRelation[d], kept.duplicateSlot[d]);
        }
    }

    private void listKept(int global, int relation, int slot) {
        bits[global >>> 6] |= 1L << global;
        if (permanentBits != null) {
            permanentBits[global >>> 6] |= 1L << global;
        }
        int position = end[relation]++;
        kb[position] = global;
        keptPosition[slot] = position;
    }

    /** Unlists and unsets the ID instance {@code instance} derived (its last derivation is gone). */
    private void removeKept(int instance) {
        unlistKept(incremental.result[instance], incremental.resultRelation[instance],
            resultSlot[instance]);
    }

    private void unlistKept(int global, int relation, int slot) {
        bits[global >>> 6] &= ~(1L << global);
        if (permanentBits != null) {
            permanentBits[global >>> 6] &= ~(1L << global);
        }
        // the relation's last ID takes the place of the removed one
        int position = keptPosition[slot];
        int last = kb[--end[relation]];
        kb[position] = last;
        keptPosition[incremental.slotBase[relation] + last - offsets[relation]] = position;
    }

    /** A guarded instance now holding on its conditions: added to its guard group's list. */
    private void addReady(int instance) {
        int j = instance - firstGuarded;
        int position = readyEnd[incremental.groupOf[j]]++;
        ready[position] = instance;
        readyPosition[j] = position;
    }

    /** A guarded instance no longer holding: its group's last instance takes its place. */
    private void removeReady(int instance) {
        int first = firstGuarded;
        int position = readyPosition[instance - first];
        int last = ready[--readyEnd[incremental.groupOf[instance - first]]];
        ready[position] = last;
        readyPosition[last - first] = position;
    }

    /**
     * Lists the guarded relations (cleared with the state): the IDs of the holding instances of the group
     * without a guard and of each group whose guard is present.
     */
    private void listGuarded() {
        Incremental kept = incremental;
        int[] guardFact = kept.guardFact;
        int[] groupStart = kept.groupStart;
        int[] result = kept.result;
        int[] resultRelation = kept.resultRelation;
        for (int g = 0; g < guardFact.length; g++) {
            if (g > 0 && !has(trueOffset + guardFact[g])) {
                continue;
            }
            for (int j = groupStart[g], stop = readyEnd[g]; j < stop; j++) {
                int instance = ready[j];
                write(resultRelation[instance], result[instance]);
            }
        }
    }

    /**
     * What the kept relations hold in one state (see {@link #keptSnapshot}): every count, the kept lists and
     * the tracked facts. Taking it and restoring it allocate nothing after the first time.
     */
    private static final class KeptSnapshot {
        private final int[] unsatisfied;
        private final int[] derivations;
        private final int[] keptPosition;
        private final long[] counted;
        private final long[] synced;
        private final int[] syncedFacts;
        private final int[] syncedPosition;
        private int syncedCount;
        private final int[] ready;
        private final int[] readyEnd;
        private final int[] readyPosition;
        /** The kept relations' lists one after another; keptEnds[k] ends relation k's. */
        private final int[] keptIds;
        private final int[] keptEnds;
        /**
         * The bitset words holding the kept relations' IDs, the mask of those IDs in each, and their bits in
         * the machine's bits and permanent bits (the words are copied, not the IDs set one by one).
         */
        private final int[] keptWords;
        private final long[] keptMasks;
        private final long[] keptBits;
        private final long[] keptPermanentBits;

        KeptSnapshot(HsfcMachine m) {
            unsatisfied = new int[m.unsatisfied.length];
            derivations = new int[m.derivations.length];
            keptPosition = new int[m.keptPosition.length];
            counted = new long[m.counted.length];
            synced = new long[m.synced.length];
            syncedFacts = new int[m.syncedFacts.length];
            syncedPosition = new int[m.syncedPosition.length];
            ready = m.ready == null ? null : new int[m.ready.length];
            readyEnd = m.readyEnd == null ? null : new int[m.readyEnd.length];
            readyPosition = m.readyPosition == null ? null : new int[m.readyPosition.length];
            keptIds = new int[m.incremental.slotCount + permanentCount(m)];
            keptEnds = new int[m.incremental.relations.length];
            long[] masks = new long[m.bits.length];
            RelationLayout layout = m.program.layout;
            for (int r : m.incremental.relations) {
                for (int global = layout.offset(r), stop = global + layout.size(r); global < stop; global++) {
                    masks[global >>> 6] |= 1L << global;
                }
            }
            int words = 0;
            for (long mask : masks) {
                words += mask != 0 ? 1 : 0;
            }
            keptWords = new int[words];
            keptMasks = new long[words];
            for (int w = 0, j = 0; w < masks.length; w++) {
                if (masks[w] != 0) {
                    keptWords[j] = w;
                    keptMasks[j++] = masks[w];
                }
            }
            keptBits = new long[words];
            keptPermanentBits = m.permanentBits == null ? null : new long[words];
        }

        /** The ints (a long counting as two) a snapshot of the machine's kept relations copies. */
        static long size(HsfcMachine m) {
            long size = m.unsatisfied.length + 2L * m.derivations.length + 2L * m.syncedFacts.length
                + 2L * (m.counted.length + m.synced.length) + 2L * m.incremental.slotCount + permanentCount(m);
            if (m.ready != null) {
                size += 2L * m.ready.length + m.readyEnd.length;
            }
            return size;
        }

        /** The permanent IDs at the head of the kept relations' lists (they are copied with the lists). */
        private static int permanentCount(HsfcMachine m) {
            int count = 0;
            for (int r : m.incremental.relations) {
                count += m.program.permanent[r].length;
            }
            return count;
        }

        void take(HsfcMachine m) {
            System.arraycopy(m.unsatisfied, 0, unsatisfied, 0, unsatisfied.length);
            System.arraycopy(m.derivations, 0, derivations, 0, derivations.length);
            System.arraycopy(m.keptPosition, 0, keptPosition, 0, keptPosition.length);
            System.arraycopy(m.counted, 0, counted, 0, counted.length);
            System.arraycopy(m.synced, 0, synced, 0, synced.length);
            System.arraycopy(m.syncedFacts, 0, syncedFacts, 0, m.syncedCount);
            System.arraycopy(m.syncedPosition, 0, syncedPosition, 0, syncedPosition.length);
            syncedCount = m.syncedCount;
            if (ready != null) {
                System.arraycopy(m.ready, 0, ready, 0, ready.length);
                System.arraycopy(m.readyEnd, 0, readyEnd, 0, readyEnd.length);
                System.arraycopy(m.readyPosition, 0, readyPosition, 0, readyPosition.length);
            }
            int[] relations = m.incremental.relations;
            int position = 0;
            for (int k = 0; k < relations.length; k++) {
                int r = relations[k];
                int from = m.offsets[r];
                int length = m.end[r] - from;
                System.arraycopy(m.kb, from, keptIds, position, length);
                position += length;
                keptEnds[k] = position;
            }
            for (int j = 0; j < keptWords.length; j++) {
                keptBits[j] = m.bits[keptWords[j]] & keptMasks[j];
                if (keptPermanentBits != null) {
                    keptPermanentBits[j] = m.permanentBits[keptWords[j]] & keptMasks[j];
                }
            }
        }

        /**
         * Puts the kept relations back as they were when taken: their lists and bits (in the permanent bits
         * too, where those hold them), every count and the tracked facts. Nothing is queued at either time.
         */
        void restore(HsfcMachine m) {
            long[] bits = m.bits;
            long[] permanentBits = m.permanentBits;
            int[] relations = m.incremental.relations;
            int start = 0;
            for (int k = 0; k < relations.length; k++) {
                int r = relations[k];
                int from = m.offsets[r];
                int length = keptEnds[k] - start;
                System.arraycopy(keptIds, start, m.kb, from, length);
                m.end[r] = from + length;
                start = keptEnds[k];
            }
            for (int j = 0; j < keptWords.length; j++) {
                int w = keptWords[j];
                bits[w] = bits[w] & ~keptMasks[j] | keptBits[j];
                if (permanentBits != null) {
                    permanentBits[w] = permanentBits[w] & ~keptMasks[j] | keptPermanentBits[j];
                }
            }
            System.arraycopy(unsatisfied, 0, m.unsatisfied, 0, unsatisfied.length);
            System.arraycopy(derivations, 0, m.derivations, 0, derivations.length);
            System.arraycopy(keptPosition, 0, m.keptPosition, 0, keptPosition.length);
            System.arraycopy(counted, 0, m.counted, 0, counted.length);
            System.arraycopy(synced, 0, m.synced, 0, synced.length);
            System.arraycopy(syncedFacts, 0, m.syncedFacts, 0, syncedCount);
            System.arraycopy(syncedPosition, 0, m.syncedPosition, 0, syncedPosition.length);
            m.syncedCount = syncedCount;
            if (ready != null) {
                System.arraycopy(ready, 0, m.ready, 0, ready.length);
                System.arraycopy(readyEnd, 0, m.readyEnd, 0, readyEnd.length);
                System.arraycopy(readyPosition, 0, m.readyPosition, 0, readyPosition.length);
            }
        }
    }

    // ---- statistics for hypothesis ordering ----

    public void collectStatistics(long[] sums, long[] samples) {
        this.sizeSums = sums;
        this.sizeSamples = samples;
    }

    private void sample(int[] relations) {
        if (sizeSums == null) {
            return;
        }
        for (int r : relations) {
            sizeSums[r] += end[r] - offsets[r];
            sizeSamples[r]++;
        }
    }
}
