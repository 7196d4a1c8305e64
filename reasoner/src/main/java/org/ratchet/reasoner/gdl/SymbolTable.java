package org.ratchet.reasoner.gdl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Interns GDL symbols to dense ints. GDL symbols are case-insensitive, so a symbol is identified by its
 * lower-case form; the spelling seen first is kept so that moves can be sent back as the server wrote them.
 * The GDL keywords always get the same ids (the constants below), so engines can compare against them.
 *
 * <p>Interning is synchronized; lookups of already-interned ids are safe from any thread once the game is
 * loaded (ids are only ever appended).
 */
public final class SymbolTable {
    public static final int ROLE = 0;
    public static final int INIT = 1;
    public static final int TRUE = 2;
    public static final int NEXT = 3;
    public static final int LEGAL = 4;
    public static final int DOES = 5;
    public static final int GOAL = 6;
    public static final int TERMINAL = 7;
    public static final int DISTINCT = 8;
    public static final int NOT = 9;
    public static final int OR = 10;
    public static final int BASE = 11;
    public static final int INPUT = 12;
    public static final int IMPLIES = 13;
    public static final int SEES = 14;
    public static final int RANDOM = 15;

    private static final String[] KEYWORDS = {
        "role", "init", "true", "next", "legal", "does", "goal", "terminal",
        "distinct", "not", "or", "base", "input", "<=", "sees", "random"
    };

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();
    private final List<String> spellings = new ArrayList<>();

    public SymbolTable() {
        for (String keyword : KEYWORDS) {
            intern(keyword);
        }
    }

    /** Returns the id of the symbol, interning it on first sight. */
    public synchronized int intern(String spelling) {
        String name = spelling.toLowerCase(Locale.ROOT);
        Integer id = ids.get(name);
        if (id != null) {
            return id;
        }
        int fresh = names.size();
        ids.put(name, fresh);
        names.add(name);
        spellings.add(spelling);
        return fresh;
    }

    /** A new symbol for a relation the loader adds: {@code BASE~1}, or the first {@code BASE~N} not yet taken. */
    public synchronized int internFresh(String base) {
        for (int n = 1; ; n++) {
            String name = base + "~" + n;
            if (lookup(name) < 0) {
                return intern(name);
            }
        }
    }

    /** The id of an already-interned symbol, or -1. */
    public synchronized int lookup(String spelling) {
        Integer id = ids.get(spelling.toLowerCase(Locale.ROOT));
        return id == null ? -1 : id;
    }

    /** Canonical (lower-case) name. */
    public synchronized String name(int id) {
        return names.get(id);
    }

    /** The spelling under which the symbol was first seen. */
    public synchronized String spelling(int id) {
        return spellings.get(id);
    }

    /**
     * The number the symbol spells in decimal digits (no sign, at most nine digits), or -1 if it spells none:
     * goal values, and counts that the rules keep as numerals.
     */
    public int numeral(int id) {
        String name = name(id);
        if (name.isEmpty() || name.length() > 9) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    public synchronized int size() {
        return names.size();
    }

    public static boolean isKeyword(int symbol) {
        return symbol >= 0 && symbol < KEYWORDS.length;
    }
}
