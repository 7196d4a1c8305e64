package org.ratchet.reasoner.gdl;

import java.util.List;

/**
 * A GDL rule {@code (<= head body...)}; a fact is a rule with an empty body. {@code variableCount} is the
 * number of distinct variables (numbered 0..variableCount-1); {@code line} is where the rule starts in the
 * source, for error messages.
 */
public record Rule(Term head, List<Literal> body, int variableCount, int line) {
    public Rule {
        body = List.copyOf(body);
    }

    public boolean isFact() {
        return body.isEmpty();
    }

    /** The rule in canonical KIF, for messages. */
    public String render(SymbolTable symbols) {
        if (body.isEmpty()) {
            return head.render(symbols);
        }
        StringBuilder out = new StringBuilder("(<= ");
        head.appendTo(out, symbols, false);
        for (Literal literal : body) {
            out.append(' ');
            appendLiteral(out, literal, symbols);
        }
        return out.append(')').toString();
    }

    static void appendLiteral(StringBuilder out, Literal literal, SymbolTable symbols) {
        if (literal instanceof Literal.Positive p) {
            p.sentence().appendTo(out, symbols, false);
        } else if (literal instanceof Literal.Negation n) {
            out.append("(not ");
            appendLiteral(out, n.inner(), symbols);
            out.append(')');
        } else if (literal instanceof Literal.Distinct d) {
            out.append("(distinct ");
            d.left().appendTo(out, symbols, false);
            out.append(' ');
            d.right().appendTo(out, symbols, false);
            out.append(')');
        } else if (literal instanceof Literal.Disjunction o) {
            out.append("(or");
            for (Literal option : o.options()) {
                out.append(' ');
                appendLiteral(out, option, symbols);
            }
            out.append(')');
        }
    }
}
