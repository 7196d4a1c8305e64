package org.ratchet.reasoner.ground;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;
import org.ratchet.reasoner.rewrite.FluentParts;

/**
 * Dense run-time numbering of the relations the knowledge base holds. Relation r's instances have local
 * IDs 0..size(r)-1 and global IDs offset(r)..offset(r)+size(r)-1, so one bitset covers every relation.
 *
 * <p>{@code true} is laid out in parts, one per kind of fluent or finer (see {@link FluentParts}; its
 * instances are numbered so that each part's IDs are consecutive, see {@link Grounder#groupFluents}): each
 * part is a relation of its own with its own list, so a rule reading {@code (true (cell1 ?x ?c))} scans the
 * cell1 facts only, not every fact of the state. {@code true} itself keeps no list; its offset turns fact
 * IDs into global IDs.
 */
public final class RelationLayout {
    private final Int2IntOpenHashMap indexOf = new Int2IntOpenHashMap();
    private final IntArrayList symbols = new IntArrayList();
    private final IntArrayList sizes = new IntArrayList();
    private final IntArrayList offsets = new IntArrayList();
    private final Long2IntOpenHashMap partOfTrue = new Long2IntOpenHashMap();
    private final IntArrayList partsOfTrue = new IntArrayList();
    private FluentParts fluentParts;
    private int total;

    public RelationLayout() {
        indexOf.defaultReturnValue(-1);
    }

    /** Registers a relation (idempotent) and returns its index. */
    public int add(int symbol, int size) {
        int index = indexOf.get(symbol);
        if (index >= 0) {
            return index;
        }
        index = symbols.size();
        indexOf.put(symbol, index);
        symbols.add(symbol);
        sizes.add(size);
        offsets.add(total);
        total += size;
        return index;
    }

    /**
     * Lays {@code true} (registered already) out in parts: {@code groups} gives the number of consecutive
     * local IDs of each part key of {@code parts} (see {@link Grounder#groupFluents}).
     */
    public void addTrueParts(Long2IntLinkedOpenHashMap groups, FluentParts parts) {
        int whole = index(SymbolTable.TRUE);
        if (!partsOfTrue.isEmpty()) {
            throw new IllegalStateException("true is laid out in parts already");
        }
        fluentParts = parts;
        int start = 0;
        for (var group : groups.long2IntEntrySet()) {
            addTruePart(whole, group.getLongKey(), start, group.getIntValue());
            start += group.getIntValue();
        }
        if (start != size(whole)) {
            throw new IllegalArgumentException("the parts of true hold " + start + " of its " + size(whole) + " IDs");
        }
    }

    private void addTruePart(int whole, long key, int start, int size) {
        int index = symbols.size();
        symbols.add(SymbolTable.TRUE);
        sizes.add(size);
        offsets.add(offset(whole) + start);
        partOfTrue.put(key, index);
        partsOfTrue.add(index);
    }

    /** The parts of {@code true}, in ID order. */
    public int[] partsOfTrue() {
        return partsOfTrue.toIntArray();
    }

    /** Whether the relation at run-time index {@code index} is a part of {@code true}. */
    public boolean isPartOfTrue(int index) {
        return partsOfTrue.contains(index);
    }

    /**
     * The relation whose list holds the instances of {@code sentence}'s pattern: the part of {@code true}
     * for a fluent, the sentence's relation otherwise; -1 for a fluent no part holds (it never holds).
     */
    public int listOf(Term sentence) {
        return sentence.symbol() == SymbolTable.TRUE ? partOfTrue(sentence.arg(0)) : index(sentence.symbol());
    }

    /** The part of {@code true} holding {@code fluent}, or -1 if none does (then it never holds). */
    public int partOfTrue(Term fluent) {
        if (fluentParts.isWhole()) {
            return partsOfTrue.getInt(0);
        }
        if (fluent instanceof Variable) {
            throw new IllegalStateException("(true " + fluent + ") read in a game laid out in parts");
        }
        return partOfTrue.getOrDefault(fluentParts.partKey(fluent), -1);
    }

    /** The relation count without the parts of {@code true}. */
    public int relationCount() {
        return count() - partsOfTrue.size();
    }

    /** The run-time index of a registered relation. */
    public int index(int symbol) {
        int index = indexOf.get(symbol);
        if (index < 0) {
            throw new IllegalStateException("relation " + symbol + " has no run-time layout");
        }
        return index;
    }

    public boolean contains(int symbol) {
        return indexOf.containsKey(symbol);
    }

    public int count() {
        return symbols.size();
    }

    public int symbol(int index) {
        return symbols.getInt(index);
    }

    public int size(int index) {
        return sizes.getInt(index);
    }

    public int offset(int index) {
        return offsets.getInt(index);
    }

    /** Total number of global IDs. */
    public int totalSize() {
        return total;
    }
}
