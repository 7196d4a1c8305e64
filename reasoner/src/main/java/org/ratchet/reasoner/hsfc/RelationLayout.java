package org.ratchet.reasoner.hsfc;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Dense run-time numbering of the relations the knowledge base holds. Relation r's instances have local
 * IDs 0..size(r)-1 and global IDs offset(r)..offset(r)+size(r)-1, so one bitset covers every relation.
 */
final class RelationLayout {
    private final Int2IntOpenHashMap indexOf = new Int2IntOpenHashMap();
    private final IntArrayList symbols = new IntArrayList();
    private final IntArrayList sizes = new IntArrayList();
    private final IntArrayList offsets = new IntArrayList();
    private int total;

    RelationLayout() {
        indexOf.defaultReturnValue(-1);
    }

    /** Registers a relation (idempotent) and returns its index. */
    int add(int symbol, int size) {
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

    /** The run-time index of a registered relation. */
    int index(int symbol) {
        int index = indexOf.get(symbol);
        if (index < 0) {
            throw new IllegalStateException("relation " + symbol + " has no run-time layout");
        }
        return index;
    }

    boolean contains(int symbol) {
        return indexOf.containsKey(symbol);
    }

    int count() {
        return symbols.size();
    }

    int symbol(int index) {
        return symbols.getInt(index);
    }

    int size(int index) {
        return sizes.getInt(index);
    }

    int offset(int index) {
        return offsets.getInt(index);
    }

    /** Total number of global IDs. */
    int totalSize() {
        return total;
    }
}
