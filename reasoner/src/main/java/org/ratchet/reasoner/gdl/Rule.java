package org.ratchet.reasoner.gdl;

import java.util.ArrayList;
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

    /**
     * The bodies this rule's body stands for without {@code or}: one per choice of an option in every
     * disjunction (nested disjunctions flattened), so the rule is the union of the rules with these bodies.
     */
    public List<List<Literal>> disjunctionFreeBodies() {
        List<List<Literal>> bodies = new ArrayList<>();
        bodies.add(new ArrayList<>());
        for (Literal literal : body) {
            List<Literal> options = new ArrayList<>();
            flattenOptions(literal, options);
            List<List<Literal>> extended = new ArrayList<>(bodies.size() * options.size());
            for (List<Literal> prefix : bodies) {
                for (Literal option : options) {
                    List<Literal> copy = new ArrayList<>(prefix);
                    copy.add(option);
                    extended.add(copy);
                }
            }
            bodies = extended;
        }
        return bodies;
    }

    private static void flattenOptions(Literal literal, List<Literal> out) {
        if (literal instanceof Literal.Disjunction disjunction) {
            for (Literal option : disjunction.options()) {
                flattenOptions(option, out);
            }
        } else {
            out.add(literal);
        }
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
