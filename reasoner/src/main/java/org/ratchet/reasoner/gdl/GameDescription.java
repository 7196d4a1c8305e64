package org.ratchet.reasoner.gdl;

import java.util.ArrayList;
import java.util.List;

/**
 * A game as read from its rule sheet: the symbols it uses, its rules and facts in source order, and the
 * warnings raised while reading it. Roles are the arguments of the {@code role} facts in declaration order.
 */
public final class GameDescription {
    private final SymbolTable symbols;
    private final List<Rule> rules;
    private final List<Term> roles;
    private final List<String> warnings;

    public GameDescription(SymbolTable symbols, List<Rule> rules, List<String> warnings) {
        this.symbols = symbols;
        this.rules = List.copyOf(rules);
        this.warnings = List.copyOf(warnings);
        List<Term> declared = new ArrayList<>();
        for (Rule rule : rules) {
            if (rule.isFact() && rule.head().symbol() == SymbolTable.ROLE && rule.head().arity() == 1) {
                declared.add(rule.head().arg(0));
            }
        }
        this.roles = List.copyOf(declared);
    }

    public SymbolTable symbols() {
        return symbols;
    }

    public List<Rule> rules() {
        return rules;
    }

    public List<Term> roles() {
        return roles;
    }

    public List<String> warnings() {
        return warnings;
    }

    /** The same game with other rules (e.g. after normalisation), sharing the symbol table. */
    public GameDescription withRules(List<Rule> newRules, List<String> moreWarnings) {
        List<String> allWarnings = new ArrayList<>(warnings);
        allWarnings.addAll(moreWarnings);
        return new GameDescription(symbols, newRules, allWarnings);
    }
}
