package org.ratchet.reasoner.run;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.run.Program.Phase;
import org.ratchet.reasoner.run.Program.Reset;
import org.ratchet.reasoner.tables.Block;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * Relations kept up to date between states instead of derived again in every state: the state-phase
 * relations whose rules read only the state's facts (and each other), through tables small enough to be
 * listed whole. Each such rule is unfolded at compile time into its ground instances: every path through
 * its tables, as the list of facts that must be present or absent and the head ID it derives. A machine
 * keeps, per instance, how many of its conditions do not hold and, per head ID, how many holding instances
 * derive it; when an item changes, each instance reading it adds or takes one from its count (it holds at
 * zero) without testing its other conditions, and a head ID that gains its first or loses its last
 * derivation is a change in turn. This ends, and counts are exact, because no ID supports itself: a
 * recursive relation is kept only where its ground instances read each other without a cycle (skirmish's
 * sliding moves, each read from the next square of its line), never where they could loop (reachability
 * over a graph with cycles, which counting cannot settle). The work per state is then
 * proportional to what changed, as in a propositional network's differential propagation, not to the size
 * of the relation (connectFourLarger's 400 open cells, of which a move changes one).
 *
 * <p>A rule is kept this way only where that pays: a fact read by a large share of a rule's instances
 * (a {@code (true (control ?p))} precondition) would change them all at every move. Where each instance's
 * condition on the most widely read ID it reads is a fact's presence, that fact is the instance's
 * <em>guard</em> (whose turn it is), left out of its count: its instances count their other conditions only,
 * and those holding wait in a list per guard; in each state the relation is listed from the waiting
 * instances whose guard is present, so the turn changing costs nothing, and listing costs what the relation
 * holds (breakthrough's legal moves, of which a move changes a few, no longer re-joined from every piece).
 * Such a <em>guarded</em> relation is listed anew in each state, not kept with counts, so no kept rule may
 * read it, nor may it read itself. A rule whose widely read condition is an absence or a derived ID is left
 * to full evaluation, with every relation it writes.
 *
 * <p>IDs derived exactly alike (the same lists of conditions, once what they read is merged in turn) are
 * merged, as a propositional network shares equivalent gates: one representative keeps the instances and the
 * readers, and the others are listed and unlisted with it where something reads them outside the counts
 * (a rule derived in full, a goal or next rule), else never listed.
 * cephalopodMicro's neighbour values are one value per neighbour copied once per capture mask: a move changed
 * each copy, and each copy re-counted its capture sums. Immutable; shared by every machine of a game.
 */
final class Incremental {
    /** Most ground instances one rule may unfold into. */
    private static final int MAX_INSTANCES_PER_RULE = 1 << 13;
    /** Most condition codes all unfolded instances of a game may hold. */
    private static final int MAX_CONDITIONS = 1 << 20;
    /**
     * A rule is kept only if no fact it reads is read by more than this share of its instances (and more
     * than {@link #FEW_READERS}); else one change of that fact re-tests nearly the whole rule.
     */
    private static final int READER_SHARE = 8;
    private static final int FEW_READERS = 8;
    /**
     * In a rule whose IDs are read by few of its instances, a fact read by more than this many and by more
     * than this share of them (a quarter) can still be their guard: whose turn it is, read by each of
     * connectFour's seven drops (a cell is read by a few of its many lines).
     */
    private static final int TURN_READERS = 3;
    private static final int TURN_SHARE = 4;

    /** The state phase without the rules of the kept relations. */
    final Phase state;
    /** What is reset between states, without the kept relations. */
    final Reset reset;
    /** The kept relations, by runtime index. */
    final int[] relations;
    /** The guarded relations (see the class comment), by runtime index: listed from {@link #ready} instances. */
    final int[] guarded;
    /**
     * Instances from this one on are the guarded relations', ordered by guard: instance
     * {@code firstGuarded + j} belongs to guard group groupOf[j], whose instances are
     * {@code firstGuarded + groupStart[g] .. firstGuarded + groupStart[g+1]-1}. Group 0 has no guard (its
     * instances hold on their conditions alone); group g > 0 is guarded by fact guardFact[g] (true's local ID).
     */
    final int firstGuarded;
    final int[] groupOf;
    final int[] groupStart;
    final int[] guardFact;
    /** Instance i's condition codes are conditions[conditionStart[i] .. conditionStart[i+1]-1]. */
    final int[] conditionStart;
    final int[] conditions;
    /** The global ID instance i derives, its relation, and its slot among the kept relations' IDs (-1: guarded). */
    final int[] result;
    final int[] resultRelation;
    final int[] resultSlot;
    /** slotBase[r]: the slot of relation r's local ID 0 if r is kept, else -1. */
    final int[] slotBase;
    /** How many IDs the kept relations have (their slots). */
    final int slotCount;
    /** The facts (true's local IDs) come first among the watched items, then the kept relations' slots. */
    final int factCount;
    /**
     * The instances reading watched item w: readers[readerStart[w] .. readerStart[w+1]-1], one entry per
     * condition on w. Entry i is a condition that w's presence satisfies, ~i (negative) one its absence
     * satisfies. An instance reading w both ways has no entry for w (one of the two always fails), and one
     * reading it twice the same way has two. Within w's entries those its presence satisfies come first, up
     * to readerSplit[w]: a change of w then runs two loops that each know which way their counts move, with
     * no test of the entry's sign (which mispredicted where a fact's readers mix both).
     */
    final int[] readerStart;
    final int[] readers;
    final int[] readerSplit;
    /** How many kept IDs are merged into another derived alike (see {@link #mergeEquivalentIds}). */
    final int mergedIds;
    /**
     * The kept IDs merged into slot s's that something other than the counts reads (a rule derived in full, a
     * goal or next rule, the machine), listed and unlisted with it: duplicateSlot[duplicateStart[s] ..
     * duplicateStart[s+1]-1], with their global IDs and relations. They have no instances and no readers of
     * their own; the other merged IDs are never listed.
     */
    final int[] duplicateStart;
    final int[] duplicateSlot;
    final int[] duplicateGlobal;
    final int[] duplicateRelation;

    private Incremental(Phase state, Reset reset, int[] relations, int[] guarded, int firstGuarded, int[] groupOf,
            int[] groupStart, int[] guardFact, int[] conditionStart, int[] conditions, int[] result,
            int[] resultRelation, int[] resultSlot, int[] slotBase, int slotCount, int factCount, int[] readerStart,
            int[] readers, int[] readerSplit, int mergedIds, int[] duplicateStart, int[] duplicateSlot,
            int[] duplicateGlobal, int[] duplicateRelation) {
        this.state = state;
        this.reset = reset;
        this.relations = relations;
        this.guarded = guarded;
        this.firstGuarded = firstGuarded;
        this.groupOf = groupOf;
        this.groupStart = groupStart;
        this.guardFact = guardFact;
        this.conditionStart = conditionStart;
        this.conditions = conditions;
        this.result = result;
        this.resultRelation = resultRelation;
        this.resultSlot = resultSlot;
        this.slotBase = slotBase;
        this.slotCount = slotCount;
        this.factCount = factCount;
        this.readerStart = readerStart;
        this.readers = readers;
        this.readerSplit = readerSplit;
        this.mergedIds = mergedIds;
        this.duplicateStart = duplicateStart;
        this.duplicateSlot = duplicateSlot;
        this.duplicateGlobal = duplicateGlobal;
        this.duplicateRelation = duplicateRelation;
    }

    int instanceCount() {
        return result.length;
    }

    /**
     * The relations of the state phase that can be kept between states, or null if there is none. A block of
     * relations is kept when each of its rules reads only static relations, the parts of true, relations
     * kept before it and the block's own, and unfolds into few enough instances whose facts are each read by
     * a small share of them, and when those instances read each other without a cycle. With {@code guards},
     * a block that is not recursive and whose rules' most widely read facts can be their instances' guards is
     * guarded instead.
     */
    static Incremental of(RelationLayout layout, int[][] permanent, Phase state, int[] cleared, int trueRelation,
            int[] trueParts, int factCount, boolean guards, int[] readByMachine, List<RulePlan> otherPhases) {
        int relationCount = layout.count();
        int trueOffset = layout.offset(trueRelation);
        int trueEnd = trueOffset + layout.size(trueRelation);
        boolean[] isPart = new boolean[relationCount];
        for (int part : trueParts) {
            isPart[part] = true;
        }
        boolean[] isCleared = new boolean[relationCount];
        for (int r : cleared) {
            isCleared[r] = true;
        }
        // relation of each global ID, for the relations a condition reads (true's parts count as true)
        int[] byOffset = new int[relationCount];
        int count = 0;
        for (int r = 0; r < relationCount; r++) {
            if (!isPart[r] && layout.size(r) > 0) {
                byOffset[count++] = r;
            }
        }
        Integer[] sorted = new Integer[count];
        for (int i = 0; i < count; i++) {
            sorted[i] = byOffset[i];
        }
        Arrays.sort(sorted, (a, b) -> Integer.compare(layout.offset(a), layout.offset(b)));
        int[] starts = new int[count];
        int[] ends = new int[count];
        int[] owners = new int[count];
        for (int i = 0; i < count; i++) {
            owners[i] = sorted[i];
            starts[i] = layout.offset(sorted[i]);
            ends[i] = starts[i] + layout.size(sorted[i]);
        }
        boolean[] permanentId = new boolean[layout.totalSize() + 1];
        for (int r = 0; r < relationCount; r++) {
            for (int local : permanent[r]) {
                permanentId[layout.offset(r) + local] = true;
            }
        }
        // a condition on the ID just past every relation is the absence of a fact that never exists
        permanentId[layout.totalSize()] = true;

        boolean[] kept = new boolean[relationCount];
        int[] slotBase = new int[relationCount];
        Arrays.fill(slotBase, -1);
        int slotCount = 0;
        IntArrayList conditionStart = new IntArrayList();
        IntArrayList conditions = new IntArrayList();
        IntArrayList result = new IntArrayList();
        IntArrayList resultRelation = new IntArrayList();
        List<Block> remaining = new ArrayList<>();
        IntArrayList keptRelations = new IntArrayList();
        // the kept instances of blocks that are not recursive, whose IDs may be merged: from[k] .. to[k]-1
        IntArrayList mergeableFrom = new IntArrayList();
        IntArrayList mergeableTo = new IntArrayList();
        // the guarded blocks' instances: per instance, its conditions' range in guardConditions, its guard
        // (a fact's global ID, -1 for none) and the ID it derives
        IntArrayList guardedRelations = new IntArrayList();
        IntArrayList guardConditions = new IntArrayList();
        List<int[]> guardInstances = new ArrayList<>();
        // the relations some rule of the state phase reads (an input or a condition)
        boolean[] readInState = new boolean[relationCount];
        for (Block block : state.blocks) {
            for (RulePlan rule : block.rules) {
                for (int code : rule.preconditions) {
                    markOwner(code, readInState, owners, starts, ends);
                }
                for (RulePlan.Stage stage : rule.stages) {
                    readInState[stage.relation] = true;
                    for (int code : stage.conditions) {
                        markOwner(code, readInState, owners, starts, ends);
                    }
                }
            }
        }
        for (Block block : state.blocks) {
            boolean keepable = true;
            for (int head : block.heads) {
                keepable &= head != trueRelation && isCleared[head];
            }
            if (!keepable) {
                remaining.add(block);
                continue;
            }
            // a recursive block's rules read its own relations: readable while they are unfolded
            for (int head : block.heads) {
                kept[head] = true;
            }
            Unfolding unfolding = new Unfolding(layout, trueOffset, trueEnd, isPart, kept, permanentId, starts,
                ends, owners);
            boolean keep = true;
            boolean guardedBlock = false;
            for (RulePlan rule : block.rules) {
                int kind = unfolding.add(rule, guards && !block.recursive,
                    guards && !block.recursive && !readInState(block, readInState));
                if (kind == Unfolding.REJECTED
                        || conditions.size() + guardConditions.size() + unfolding.conditions.size() > MAX_CONDITIONS) {
                    keep = false;
                    break;
                }
                guardedBlock |= kind == Unfolding.GUARDED;
            }
            if (keep && guardedBlock) {
                // listed in each state from the instances holding, so nothing kept may read it
                for (int head : block.heads) {
                    kept[head] = false;
                    guardedRelations.add(head);
                }
                for (int i = 0; i < unfolding.result.size(); i++) {
                    int id = unfolding.result.getInt(i);
                    if (permanentId[id]) {
                        continue;
                    }
                    int from = guardConditions.size();
                    for (int c = unfolding.conditionStart.getInt(i), stop = unfolding.conditionStart.getInt(i + 1);
                            c < stop; c++) {
                        guardConditions.add(unfolding.conditions.getInt(c));
                    }
                    guardInstances.add(new int[] {from, guardConditions.size(), unfolding.guard.getInt(i), id});
                }
                continue;
            }
            int[] order = keep ? unfolding.supportOrder() : null;
            if (order == null) {
                for (int head : block.heads) {
                    kept[head] = false;
                }
                remaining.add(block);
                continue;
            }
            for (int head : block.heads) {
                keptRelations.add(head);
                slotBase[head] = slotCount;
                slotCount += layout.size(head);
            }
            if (!block.recursive) {
                mergeableFrom.add(result.size());
            }
            for (int i : order) {
                int id = unfolding.result.getInt(i);
                if (permanentId[id]) {
                    continue; // always present whatever the state
                }
                conditionStart.add(conditions.size());
                for (int c = unfolding.conditionStart.getInt(i), stop = unfolding.conditionStart.getInt(i + 1);
                        c < stop; c++) {
                    conditions.add(unfolding.conditions.getInt(c));
                }
                result.add(id);
                resultRelation.add(owner(id, owners, starts, ends));
            }
            if (!block.recursive) {
                mergeableTo.add(result.size());
            }
        }
        if (keptRelations.isEmpty() && guardedRelations.isEmpty()) {
            return null;
        }
        int firstGuarded = result.size();
        // the guarded instances after the kept ones, grouped by guard: no guard first, then by fact
        Integer[] byGuard = new Integer[guardInstances.size()];
        Arrays.setAll(byGuard, j -> j);
        Arrays.sort(byGuard, (a, b) -> Integer.compare(guardInstances.get(a)[2], guardInstances.get(b)[2]));
        int[] groupOf = new int[byGuard.length];
        IntArrayList groupStart = new IntArrayList();
        IntArrayList guardFact = new IntArrayList();
        groupStart.add(0);
        guardFact.add(-1);
        int lastGuard = -1;
        for (int j = 0; j < byGuard.length; j++) {
            int[] instance = guardInstances.get(byGuard[j]);
            int guard = instance[2];
            if (guard != lastGuard) {
                groupStart.add(j);
                guardFact.add(guard - trueOffset);
                lastGuard = guard;
            }
            groupOf[j] = guardFact.size() - 1;
            conditionStart.add(conditions.size());
            for (int c = instance[0]; c < instance[1]; c++) {
                conditions.add(guardConditions.getInt(c));
            }
            int id = instance[3];
            result.add(id);
            resultRelation.add(owner(id, owners, starts, ends));
        }
        groupStart.add(byGuard.length);
        // the relations read other than by the counts (the machine, the goal and next rules, the state rules
        // derived in full): only their merged IDs need listing
        boolean[] readOutside = new boolean[relationCount];
        for (int r : readByMachine) {
            if (r >= 0) {
                readOutside[r] = true;
            }
        }
        List<RulePlan> fullRules = new ArrayList<>(otherPhases);
        for (Block block : remaining) {
            fullRules.addAll(Arrays.asList(block.rules));
        }
        for (RulePlan rule : fullRules) {
            for (RulePlan.Stage stage : rule.stages) {
                if (stage.relation >= 0) {
                    readOutside[stage.relation] = true;
                }
                markOwners(stage.conditions, readOutside, owners, starts, ends);
            }
            markOwners(rule.preconditions, readOutside, owners, starts, ends);
        }
        int[] slotGlobal = new int[slotCount];
        int[] slotRelation = new int[slotCount];
        for (int r : keptRelations) {
            for (int local = 0; local < layout.size(r); local++) {
                slotGlobal[slotBase[r] + local] = layout.offset(r) + local;
                slotRelation[slotBase[r] + local] = r;
            }
        }
        IntUnaryOperator slotOfId = id -> {
            int r = id >= trueOffset && id < trueEnd ? -1 : owner(id, owners, starts, ends);
            return r >= 0 && slotBase[r] >= 0 ? slotBase[r] + id - layout.offset(r) : -1;
        };
        int[] representative = mergeEquivalentIds(conditionStart, conditions, result, resultRelation, firstGuarded,
            mergeableFrom, mergeableTo, slotOfId, slotGlobal, slotCount);
        firstGuarded = result.size() - byGuard.length;
        // per representative slot, the IDs merged into it: listed and unlisted with its own
        int[] duplicateStart = new int[slotCount + 1];
        int merged = 0;
        for (int slot = 0; slot < slotCount; slot++) {
            if (representative[slot] != slot) {
                merged++;
            }
            // a merged ID that nothing reads but the counts (which read its representative) is never listed
            if (representative[slot] != slot && readOutside[slotRelation[slot]]) {
                duplicateStart[representative[slot] + 1]++;
            }
        }
        for (int slot = 0; slot < slotCount; slot++) {
            duplicateStart[slot + 1] += duplicateStart[slot];
        }
        int[] duplicateSlot = new int[duplicateStart[slotCount]];
        int[] duplicateFill = Arrays.copyOf(duplicateStart, slotCount);
        for (int slot = 0; slot < slotCount; slot++) {
            if (representative[slot] != slot && readOutside[slotRelation[slot]]) {
                duplicateSlot[duplicateFill[representative[slot]]++] = slot;
            }
        }
        conditionStart.add(conditions.size());
        int instances = result.size();
        int[] resultSlot = new int[instances];
        for (int i = 0; i < instances; i++) {
            int r = resultRelation.getInt(i);
            resultSlot[i] = i < firstGuarded ? slotBase[r] + result.getInt(i) - layout.offset(r) : -1;
        }
        // readers of each watched item: a fact of true, or a slot of a kept relation
        int watched = factCount + slotCount;
        int[] readerStart = new int[watched + 1];
        int[] instanceStart = conditionStart.toIntArray();
        int[] codes = conditions.toIntArray();
        forEachWatched(instanceStart, codes, layout, trueOffset, trueEnd, slotBase, owners, starts, ends, factCount,
            (i, w, entry) -> readerStart[w + 1]++);
        for (int w = 0; w < watched; w++) {
            readerStart[w + 1] += readerStart[w];
        }
        int[] fill = Arrays.copyOf(readerStart, watched);
        int[] readers = new int[readerStart[watched]];
        forEachWatched(instanceStart, codes, layout, trueOffset, trueEnd, slotBase, owners, starts, ends, factCount,
            (i, w, entry) -> readers[fill[w]++] = entry);
        int[] readerSplit = presenceReadersFirst(readerStart, readers);
        IntArrayList clearedLeft = new IntArrayList();
        for (int r : cleared) {
            if (!kept[r]) {
                clearedLeft.add(r);
            }
        }
        Phase rest = new Phase(remaining.toArray(new Block[0]), state.sampled);
        Reset reset = new Reset(layout, permanent, clearedLeft.toIntArray());
        return new Incremental(rest, reset, keptRelations.toIntArray(), guardedRelations.toIntArray(), firstGuarded,
            groupOf, groupStart.toIntArray(), guardFact.toIntArray(), instanceStart, codes, result.toIntArray(),
            resultRelation.toIntArray(), resultSlot, slotBase, slotCount, factCount, readerStart, readers,
            readerSplit, merged, duplicateStart, duplicateSlot,
            Arrays.stream(duplicateSlot).map(slot -> slotGlobal[slot]).toArray(),
            Arrays.stream(duplicateSlot).map(slot -> slotRelation[slot]).toArray());
    }

    /**
     * Puts each watched item's presence readers (entries ≥ 0) before its absence readers, each group in its
     * order, and returns per item where its absence readers start.
     */
    private static int[] presenceReadersFirst(int[] readerStart, int[] readers) {
        int watched = readerStart.length - 1;
        int[] split = new int[watched];
        int[] absent = new int[16];
        for (int w = 0; w < watched; w++) {
            int to = readerStart[w];
            int absentCount = 0;
            for (int r = readerStart[w], stop = readerStart[w + 1]; r < stop; r++) {
                int entry = readers[r];
                if (entry >= 0) {
                    readers[to++] = entry;
                } else {
                    if (absentCount == absent.length) {
                        absent = Arrays.copyOf(absent, 2 * absentCount);
                    }
                    absent[absentCount++] = entry;
                }
            }
            split[w] = to;
            System.arraycopy(absent, 0, readers, to, absentCount);
        }
        return split;
    }

    /**
     * Merges the kept IDs that are derived exactly alike: IDs of blocks that are not recursive whose
     * instances, with what they read written in terms of the merged IDs, are the same lists of conditions
     * (cephalopodMicro's neighbour values are one value per neighbour, copied once per capture mask). Only
     * the first such ID (its representative) keeps its instances and readers; every instance reading one of
     * the others reads the representative instead, and the others are listed and unlisted with it where
     * something other than the counts reads them (see {@link #duplicateSlot}). Rewrites
     * the lists in place: the merged IDs' instances (among the first {@code keptCount}, the kept ones) are
     * taken out, and every instance's conditions name representatives. Returns each slot's representative.
     */
    private static int[] mergeEquivalentIds(IntArrayList conditionStart, IntArrayList conditions,
            IntArrayList result, IntArrayList resultRelation, int keptCount, IntArrayList mergeableFrom,
            IntArrayList mergeableTo, IntUnaryOperator slotOfId, int[] slotGlobal, int slotCount) {
        int n = result.size();
        int[][] instances = new int[n][];
        for (int i = 0; i < n; i++) {
            int from = conditionStart.getInt(i);
            int stop = i + 1 < n ? conditionStart.getInt(i + 1) : conditions.size();
            instances[i] = Arrays.copyOfRange(conditions.elements(), from, stop);
        }
        int[] representative = new int[slotCount];
        Arrays.setAll(representative, slot -> slot);
        Map<IntArrayList, Integer> slotOfDefinition = new HashMap<>();
        for (int b = 0; b < mergeableFrom.size(); b++) {
            int from = mergeableFrom.getInt(b);
            int to = mergeableTo.getInt(b);
            // the block's instances grouped by the slot they derive, each as its sorted representative codes
            Map<Integer, List<int[]>> bySlot = new LinkedHashMap<>();
            for (int i = from; i < to; i++) {
                int[] canonical = canonical(instances[i], representative, slotOfId, slotGlobal);
                Arrays.sort(canonical);
                bySlot.computeIfAbsent(slotOfId.applyAsInt(result.getInt(i)), k -> new ArrayList<>()).add(canonical);
            }
            for (Map.Entry<Integer, List<int[]>> entry : bySlot.entrySet()) {
                List<int[]> definition = entry.getValue();
                definition.sort(Arrays::compare);
                IntArrayList key = new IntArrayList();
                for (int[] instance : definition) {
                    key.add(instance.length);
                    key.addElements(key.size(), instance);
                }
                Integer first = slotOfDefinition.putIfAbsent(key, entry.getKey());
                if (first != null) {
                    representative[entry.getKey()] = first;
                }
            }
        }
        IntArrayList oldResult = new IntArrayList(result);
        IntArrayList oldRelation = new IntArrayList(resultRelation);
        conditionStart.clear();
        conditions.clear();
        result.clear();
        resultRelation.clear();
        for (int i = 0; i < n; i++) {
            int slot = i < keptCount ? slotOfId.applyAsInt(oldResult.getInt(i)) : -1;
            if (slot >= 0 && representative[slot] != slot) {
                continue; // derived with its representative
            }
            conditionStart.add(conditions.size());
            conditions.addElements(conditions.size(), canonical(instances[i], representative, slotOfId, slotGlobal));
            result.add(oldResult.getInt(i));
            resultRelation.add(oldRelation.getInt(i));
        }
        return representative;
    }

    /** Marks the relations owning the IDs of {@code codes} as read. */
    private static void markOwners(int[] codes, boolean[] read, int[] owners, int[] starts, int[] ends) {
        for (int code : codes) {
            int r = owner(idOf(code), owners, starts, ends);
            if (r >= 0) {
                read[r] = true;
            }
        }
    }

    /** The instance's condition codes with each kept ID replaced by its representative's. */
    private static int[] canonical(int[] instance, int[] representative, IntUnaryOperator slotOfId,
            int[] slotGlobal) {
        int[] codes = instance.clone();
        for (int c = 0; c < codes.length; c++) {
            int slot = slotOfId.applyAsInt(idOf(codes[c]));
            if (slot >= 0 && representative[slot] != slot) {
                int id = slotGlobal[representative[slot]];
                codes[c] = codes[c] >= 0 ? id : ~id;
            }
        }
        return codes;
    }

    private interface WatchVisitor {
        void visit(int instance, int watched, int entry);
    }

    /**
     * Visits the reader entries of every instance: for each watched item it reads, as many entries as its
     * conditions present on the item outnumber those absent (or the other way round), signed as in
     * {@link #readers}.
     */
    private static void forEachWatched(int[] conditionStart, int[] codes, RelationLayout layout, int trueOffset,
            int trueEnd, int[] slotBase, int[] owners, int[] starts, int[] ends, int factCount, WatchVisitor visitor) {
        IntArrayList items = new IntArrayList();
        IntArrayList presentMinusAbsent = new IntArrayList();
        for (int i = 0; i + 1 < conditionStart.length; i++) {
            items.clear();
            presentMinusAbsent.clear();
            for (int c = conditionStart[i]; c < conditionStart[i + 1]; c++) {
                int code = codes[c];
                int id = idOf(code);
                int w = -1;
                if (id >= trueOffset && id < trueEnd) {
                    w = id - trueOffset;
                } else {
                    int r = owner(id, owners, starts, ends);
                    if (r >= 0 && slotBase[r] >= 0) {
                        w = factCount + slotBase[r] + id - layout.offset(r);
                    }
                }
                if (w < 0) {
                    continue;
                }
                int at = items.indexOf(w);
                if (at < 0) {
                    at = items.size();
                    items.add(w);
                    presentMinusAbsent.add(0);
                }
                presentMinusAbsent.set(at, presentMinusAbsent.getInt(at) + (code >= 0 ? 1 : -1));
            }
            for (int k = 0; k < items.size(); k++) {
                int net = presentMinusAbsent.getInt(k);
                for (int n = 0; n < Math.abs(net); n++) {
                    visitor.visit(i, items.getInt(k), net > 0 ? i : ~i);
                }
            }
        }
    }

    /** Marks the relation (not a part of true) of the ID a condition code reads. */
    private static void markOwner(int code, boolean[] marks, int[] owners, int[] starts, int[] ends) {
        int r = owner(idOf(code), owners, starts, ends);
        if (r >= 0) {
            marks[r] = true;
        }
    }

    /** Whether a state rule reads one of the block's relations. */
    private static boolean readInState(Block block, boolean[] readInState) {
        for (int head : block.heads) {
            if (readInState[head]) {
                return true;
            }
        }
        return false;
    }

    /** The global ID a condition code names: the ID that must be present, or the one whose complement it is. */
    static int idOf(int code) {
        return code ^ (code >> 31);
    }

    /** The relation (not a part of true) whose ID range holds {@code id}, or -1. */
    private static int owner(int id, int[] owners, int[] starts, int[] ends) {
        // starts are distinct: relations without IDs, the only ones that could share an offset, are left out
        int at = Arrays.binarySearch(starts, id);
        if (at < 0) {
            at = -at - 2;
        }
        return at < 0 || id >= ends[at] ? -1 : owners[at];
    }

    /** The ground instances of the rules of one relation, while they are being listed. */
    private static final class Unfolding {
        private final RelationLayout layout;
        private final int trueOffset;
        private final int trueEnd;
        private final boolean[] isPart;
        private final boolean[] kept;
        private final boolean[] permanentId;
        private final int[] starts;
        private final int[] ends;
        private final int[] owners;
        final IntArrayList conditionStart = new IntArrayList();
        final IntArrayList conditions = new IntArrayList();
        final IntArrayList result = new IntArrayList();
        /** Per instance, its guard (a fact's global ID), or -1: set by {@link #add}. */
        final IntArrayList guard = new IntArrayList();
        private final IntArrayList path = new IntArrayList();
        private int ruleInstances;
        private boolean tooMany;

        Unfolding(RelationLayout layout, int trueOffset, int trueEnd, boolean[] isPart, boolean[] kept,
                boolean[] permanentId, int[] starts, int[] ends, int[] owners) {
            this.layout = layout;
            this.trueOffset = trueOffset;
            this.trueEnd = trueEnd;
            this.isPart = isPart;
            this.kept = kept;
            this.permanentId = permanentId;
            this.starts = starts;
            this.ends = ends;
            this.owners = owners;
            conditionStart.add(0);
        }

        /** What {@link #add} made of a rule. */
        static final int REJECTED = 0;
        static final int KEPT = 1;
        static final int GUARDED = 2;

        /**
         * Lists the rule's instances: {@link #KEPT} if each ID it reads is read by a small share of them,
         * {@link #GUARDED} if, with {@code guardsAllowed}, each instance's most widely read condition can be
         * its guard (see {@link #guard}), {@link #REJECTED} (nothing listed) if it reads what is not kept,
         * unfolds too far, or reads widely what cannot be a guard.
         */
        int add(RulePlan rule, boolean guardsAllowed, boolean turnGuardsAllowed) {
            for (RulePlan.Stage stage : rule.stages) {
                if (stage.fixed == null && !isPart[stage.relation] && !kept[stage.relation]) {
                    return REJECTED;
                }
                for (int code : stage.conditions) {
                    if (!readable(code)) {
                        return REJECTED;
                    }
                }
            }
            for (int code : rule.preconditions) {
                if (!readable(code)) {
                    return REJECTED;
                }
            }
            int first = result.size();
            int firstCondition = conditions.size();
            ruleInstances = 0;
            tooMany = false;
            path.clear();
            path.addElements(0, rule.preconditions);
            walk(rule, 0, 0);
            int kind = tooMany ? REJECTED : guard(first, firstCondition, guardsAllowed, turnGuardsAllowed);
            if (kind == REJECTED) {
                result.size(first);
                conditions.size(firstCondition);
                conditionStart.size(first + 1);
                guard.size(first);
            }
            return kind;
        }

        /**
         * Sets the guards of the instances from {@code first} on (the rule's): none where no fact is read by a
         * large share of them; else each instance's condition on the most widely read ID it reads, which must
         * be a fact's presence, is taken out of its conditions (every time it is repeated) and becomes its
         * guard. Other widely read conditions are counted: checkers' triple jumps read whose turn it is in
         * every instance, and a central empty square in a sixth of them.
         */
        private int guard(int first, int firstCondition, boolean guardsAllowed, boolean turnGuardsAllowed) {
            int instances = result.size() - first;
            int limit = Math.max(FEW_READERS, instances / READER_SHARE);
            Int2IntOpenHashMap readersOf = new Int2IntOpenHashMap();
            for (int c = firstCondition; c < conditions.size(); c++) {
                int id = idOf(conditions.getInt(c));
                if (!permanentId[id]) {
                    readersOf.addTo(id, 1);
                }
            }
            boolean widelyRead = false;
            for (int count : readersOf.values()) {
                widelyRead |= count > limit;
            }
            if (!widelyRead) {
                // a rule of few instances whose facts are read by few, but each instance reads a fact that
                // changes as the turn passes (connectFour's seven drops per role, read with whose turn it is):
                // guarded where no state rule reads its relation, the turn passing then costs nothing; which
                // keeping runs faster is timed
                int turnLimit = Math.max(TURN_READERS, instances / TURN_SHARE);
                if (!turnGuardsAllowed || !guardable(first, turnLimit, readersOf)) {
                    for (int i = 0; i < instances; i++) {
                        guard.add(-1);
                    }
                    return KEPT;
                }
                limit = turnLimit;
            }
            if (!guardsAllowed) {
                return REJECTED;
            }
            // rewrite the rule's conditions in place without the guards (the list only shrinks)
            int to = firstCondition;
            for (int i = first; i < result.size(); i++) {
                int from = conditionStart.getInt(i);
                int stop = conditionStart.getInt(i + 1);
                conditionStart.set(i, to);
                int widest = widestRead(from, stop, limit, readersOf);
                int guardCode = widest < 0 ? 0 : conditions.getInt(widest);
                int guardReaders = widest < 0 ? limit : readersOf.get(idOf(guardCode));
                int guardId = idOf(guardCode);
                if (guardReaders > limit && (guardCode < 0 || guardId < trueOffset || guardId >= trueEnd)) {
                    return REJECTED; // an absence or a derived ID cannot be the guard
                }
                for (int c = from; c < stop; c++) {
                    int code = conditions.getInt(c);
                    if (guardReaders == limit || code != guardCode) {
                        conditions.set(to++, code);
                    }
                }
                guard.add(guardReaders > limit ? guardId : -1);
            }
            conditionStart.set(result.size(), to);
            conditions.size(to);
            return GUARDED;
        }

        /**
         * Whether guarding the rule's instances from {@code first} on by the facts read by more than
         * {@code limit} of them guards at least one: each instance's most widely read such ID must be a
         * fact's presence (else {@link #guard} would reject the rule).
         */
        private boolean guardable(int first, int limit, Int2IntOpenHashMap readersOf) {
            boolean any = false;
            for (int i = first; i < result.size(); i++) {
                int widest = widestRead(conditionStart.getInt(i), conditionStart.getInt(i + 1), limit, readersOf);
                if (widest >= 0) {
                    int code = conditions.getInt(widest);
                    if (code < trueOffset || code >= trueEnd) {
                        return false; // an absence (a negative code) or a derived ID
                    }
                    any = true;
                }
            }
            return any;
        }

        /**
         * Of the conditions from {@code from} to {@code stop}, the position of the first on the ID read by the
         * most instances, more than {@code limit} (permanent IDs aside), or -1 if none is read by that many.
         */
        private int widestRead(int from, int stop, int limit, Int2IntOpenHashMap readersOf) {
            int widest = -1;
            int readers = limit;
            for (int c = from; c < stop; c++) {
                int id = idOf(conditions.getInt(c));
                if (!permanentId[id] && readersOf.get(id) > readers) {
                    widest = c;
                    readers = readersOf.get(id);
                }
            }
            return widest;
        }

        /**
         * The instances listed so far (the block's) in an order where each comes after every instance deriving
         * an ID of the block that it reads, so that counting them once in that order sees what each reads
         * final; null if instances support each other in a cycle (reachability over a graph with loops), where
         * counting derivations cannot tell an ID supported only through itself from one supported from outside.
         * A block that is not recursive reads none of its own IDs and keeps the order of its rules.
         */
        int[] supportOrder() {
            int n = result.size();
            Int2IntOpenHashMap node = new Int2IntOpenHashMap();
            node.defaultReturnValue(-1);
            for (int i = 0; i < n; i++) {
                node.putIfAbsent(result.getInt(i), node.size());
            }
            int[] derivers = new int[node.size()];
            for (int i = 0; i < n; i++) {
                derivers[node.get(result.getInt(i))]++;
            }
            // per instance, its conditions on the block's IDs; per ID, the instances reading it
            int[] waiting = new int[n];
            int[] readerStart = new int[node.size() + 1];
            for (int i = 0; i < n; i++) {
                for (int c = conditionStart.getInt(i), stop = conditionStart.getInt(i + 1); c < stop; c++) {
                    int read = node.get(idOf(conditions.getInt(c)));
                    if (read >= 0) {
                        waiting[i]++;
                        readerStart[read + 1]++;
                    }
                }
            }
            for (int v = 0; v < node.size(); v++) {
                readerStart[v + 1] += readerStart[v];
            }
            int[] fill = Arrays.copyOf(readerStart, node.size());
            int[] readers = new int[readerStart[node.size()]];
            for (int i = 0; i < n; i++) {
                for (int c = conditionStart.getInt(i), stop = conditionStart.getInt(i + 1); c < stop; c++) {
                    int read = node.get(idOf(conditions.getInt(c)));
                    if (read >= 0) {
                        readers[fill[read]++] = i;
                    }
                }
            }
            // Kahn's order: an ID is final once its last deriving instance is placed
            int[] order = new int[n];
            int placed = 0;
            int taken = 0;
            for (int i = 0; i < n; i++) {
                if (waiting[i] == 0) {
                    order[placed++] = i;
                }
            }
            while (taken < placed) {
                int derived = node.get(result.getInt(order[taken++]));
                if (--derivers[derived] == 0) {
                    for (int r = readerStart[derived]; r < readerStart[derived + 1]; r++) {
                        if (--waiting[readers[r]] == 0) {
                            order[placed++] = readers[r];
                        }
                    }
                }
            }
            return placed == n ? order : null;
        }

        private boolean readable(int code) {
            int id = idOf(code);
            if (permanentId[id] || id >= trueOffset && id < trueEnd) {
                return true;
            }
            int r = owner(id, owners, starts, ends);
            return r >= 0 && kept[r];
        }

        /** Every path from RefNo {@code ref} through stages k.. of the rule; {@link #path} holds the codes so far. */
        private void walk(RulePlan rule, int k, int ref) {
            if (tooMany) {
                return;
            }
            if (k == rule.stages.length) {
                if (++ruleInstances > MAX_INSTANCES_PER_RULE) {
                    tooMany = true;
                    return;
                }
                conditions.addAll(path);
                conditionStart.add(conditions.size());
                result.add(rule.result[ref]);
                return;
            }
            RulePlan.Stage stage = rule.stages[k];
            if (stage.fixed != null) {
                for (int next : stage.fixed[ref]) {
                    step(rule, k, stage, -1, next);
                }
            } else if (stage.table != null) {
                for (int chi = 0, base = ref * stage.size; chi < stage.size; chi++) {
                    int next = stage.table[base + chi];
                    if (next >= 0) {
                        step(rule, k, stage, stage.offset + chi, next);
                    }
                }
            } else {
                for (int j = stage.probeStart[ref]; j < stage.probeStart[ref + 1]; j++) {
                    step(rule, k, stage, stage.offset + stage.probes[2 * j], stage.probes[2 * j + 1]);
                }
            }
        }

        /** Goes on from RefNo {@code next} of stage k, reached through input ID {@code input} (-1: a static input). */
        private void step(RulePlan rule, int k, RulePlan.Stage stage, int input, int next) {
            int mark = path.size();
            if (input >= 0 && !permanentId[input]) {
                path.add(input);
            }
            for (int c = next * stage.width, stop = c + stage.width; c < stop; c++) {
                path.add(stage.conditions[c]);
            }
            walk(rule, k + 1, next);
            path.size(mark);
        }
    }
}
