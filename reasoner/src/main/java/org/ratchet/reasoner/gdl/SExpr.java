package org.ratchet.reasoner.gdl;

import java.util.List;

/**
 * A KIF s-expression as read from text, before it is given a GDL meaning. Protocol messages and rule
 * sheets are both read into this form first.
 */
public sealed interface SExpr permits SExpr.Token, SExpr.ListExpr {

    /** 1-based line where the expression starts. */
    int line();

    /** A symbol, number or variable, exactly as written. */
    record Token(String text, int line) implements SExpr {
        public boolean isVariable() {
            return text.startsWith("?");
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** A parenthesised list. */
    record ListExpr(List<SExpr> items, int line) implements SExpr {
        public ListExpr {
            items = List.copyOf(items);
        }

        public int size() {
            return items.size();
        }

        public SExpr get(int i) {
            return items.get(i);
        }

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder("(");
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    out.append(' ');
                }
                out.append(items.get(i));
            }
            return out.append(')').toString();
        }
    }
}
