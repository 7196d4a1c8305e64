package org.ratchet.reasoner.gdl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Gives s-expressions their GDL meaning: rules, facts, literals and terms. This is syntax only; whether
 * the rules form valid GDL (arities, safety, stratification) is checked by the validator.
 *
 * <p>One quirk of real rule sheets is normalised here because it has one sensible reading: a sentence
 * written as a zero-argument list, {@code (terminal)}, means the zero-arity relation {@code terminal}. A
 * zero-argument function term inside a sentence, {@code (true (gameover))}, is kept as written: it is a
 * different term from the constant {@code gameover}.
 */
public final class GdlParser {
    private final SymbolTable symbols;
    private final List<String> warnings = new ArrayList<>();
    private Map<String, Variable> ruleVariables = new HashMap<>();

    private GdlParser(SymbolTable symbols) {
        this.symbols = symbols;
    }

    /** Reads a whole rule sheet. */
    public static GameDescription parse(String kif) throws GdlException {
        return parse(KifReader.read(kif));
    }

    /** Builds a description from already-read s-expressions (e.g. the rules of a start message). */
    public static GameDescription parse(List<SExpr> expressions) throws GdlException {
        SymbolTable symbols = new SymbolTable();
        GdlParser parser = new GdlParser(symbols);
        List<Rule> rules = new ArrayList<>(expressions.size());
        for (SExpr expression : expressions) {
            rules.add(parser.rule(expression));
        }
        return new GameDescription(symbols, rules, parser.warnings);
    }

    /**
     * Reads a ground term (a move, a fact) against the symbols of a game; unknown symbols are interned.
     * Variables are rejected.
     */
    public static Term groundTerm(SExpr expression, SymbolTable symbols) throws GdlException {
        GdlParser parser = new GdlParser(symbols);
        Term term = parser.term(expression);
        if (!term.isGround()) {
            throw new GdlException("expected a ground term but found variables in " + expression, expression.line());
        }
        return term;
    }

    private Rule rule(SExpr expression) throws GdlException {
        ruleVariables = new HashMap<>();
        if (expression instanceof SExpr.ListExpr list && list.size() > 0
                && list.get(0) instanceof SExpr.Token token && token.text().equals("<=")) {
            if (list.size() < 2) {
                throw new GdlException("rule '(<=)' has no head", list.line());
            }
            Term head = sentence(list.get(1));
            checkHead(head, list.get(1));
            List<Literal> body = new ArrayList<>(list.size() - 2);
            for (int i = 2; i < list.size(); i++) {
                body.add(literal(list.get(i)));
            }
            return new Rule(head, body, ruleVariables.size(), list.line());
        }
        Term head = sentence(expression);
        checkHead(head, expression);
        return new Rule(head, List.of(), ruleVariables.size(), expression.line());
    }

    private void checkHead(Term head, SExpr source) throws GdlException {
        int symbol = head.symbol();
        if (symbol == SymbolTable.NOT || symbol == SymbolTable.DISTINCT || symbol == SymbolTable.OR
                || symbol == SymbolTable.IMPLIES) {
            throw new GdlException("'" + symbols.name(symbol) + "' cannot be the head of a rule: " + source,
                source.line());
        }
    }

    private Literal literal(SExpr expression) throws GdlException {
        if (expression instanceof SExpr.ListExpr list && list.size() > 0
                && list.get(0) instanceof SExpr.Token token) {
            String keyword = token.text().toLowerCase(Locale.ROOT);
            switch (keyword) {
                case "not" -> {
                    if (list.size() != 2) {
                        throw new GdlException("'not' takes exactly one literal: " + list, list.line());
                    }
                    return new Literal.Negation(literal(list.get(1)));
                }
                case "distinct" -> {
                    if (list.size() != 3) {
                        throw new GdlException("'distinct' takes exactly two terms: " + list, list.line());
                    }
                    return new Literal.Distinct(term(list.get(1)), term(list.get(2)));
                }
                case "or" -> {
                    if (list.size() < 2) {
                        throw new GdlException("'or' needs at least one literal: " + list, list.line());
                    }
                    List<Literal> options = new ArrayList<>(list.size() - 1);
                    for (int i = 1; i < list.size(); i++) {
                        options.add(literal(list.get(i)));
                    }
                    return new Literal.Disjunction(options);
                }
                default -> {
                    return new Literal.Positive(sentence(expression));
                }
            }
        }
        return new Literal.Positive(sentence(expression));
    }

    /** An atomic sentence: a relation constant or a relation applied to terms. */
    private Term sentence(SExpr expression) throws GdlException {
        if (expression instanceof SExpr.Token token) {
            if (token.isVariable()) {
                throw new GdlException("a variable cannot stand as a sentence: " + token, token.line());
            }
            return new Atom(symbols.intern(token.text()));
        }
        SExpr.ListExpr list = (SExpr.ListExpr) expression;
        if (list.size() == 0) {
            throw new GdlException("empty list '()' where a sentence was expected", list.line());
        }
        if (list.size() == 1 && list.get(0) instanceof SExpr.Token token && !token.isVariable()) {
            warnings.add("line " + list.line() + ": sentence " + list + " read as the relation constant "
                + token.text().toLowerCase(Locale.ROOT));
            return new Atom(symbols.intern(token.text()));
        }
        return compound(list, "relation");
    }

    private Term term(SExpr expression) throws GdlException {
        if (expression instanceof SExpr.Token token) {
            if (token.isVariable()) {
                return variable(token);
            }
            return new Atom(symbols.intern(token.text()));
        }
        SExpr.ListExpr list = (SExpr.ListExpr) expression;
        if (list.size() == 0) {
            throw new GdlException("empty list '()' where a term was expected", list.line());
        }
        return compound(list, "function");
    }

    private Term compound(SExpr.ListExpr list, String what) throws GdlException {
        if (!(list.get(0) instanceof SExpr.Token functor) || functor.isVariable()) {
            throw new GdlException("a " + what + " name must be a symbol, found " + list.get(0) + " in " + list,
                list.line());
        }
        if (functor.text().equals("<=")) {
            throw new GdlException("'<=' can only start a top-level rule: " + list, list.line());
        }
        Term[] args = new Term[list.size() - 1];
        for (int i = 1; i < list.size(); i++) {
            args[i - 1] = term(list.get(i));
        }
        return new Compound(symbols.intern(functor.text()), args);
    }

    private Variable variable(SExpr.Token token) throws GdlException {
        String name = token.text().substring(1).toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
            throw new GdlException("'?' without a variable name", token.line());
        }
        return ruleVariables.computeIfAbsent(name, key -> new Variable(ruleVariables.size(), key));
    }
}
