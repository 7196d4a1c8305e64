package org.ratchet.reasoner.gdl;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks that a (normalised) game is valid GDL, so that every engine can rely on it: consistent arities,
 * safe variables, stratified negation, the relations every game needs, and the structural restrictions
 * of the GDL specification. The first violation is thrown as a {@link GdlException} naming the rule (in
 * canonical KIF) and its line; readings that are odd but unambiguous are returned as warnings.
 */
final class GdlValidator {
    /** The number of arguments each GDL keyword relation takes; -1 where the keyword is no relation. */
    private static final int[] KEYWORD_ARITY = new int[SymbolTable.SEES + 1];

    static {
        Arrays.fill(KEYWORD_ARITY, -1);
        KEYWORD_ARITY[SymbolTable.ROLE] = 1;
        KEYWORD_ARITY[SymbolTable.INIT] = 1;
        KEYWORD_ARITY[SymbolTable.TRUE] = 1;
        KEYWORD_ARITY[SymbolTable.NEXT] = 1;
        KEYWORD_ARITY[SymbolTable.LEGAL] = 2;
        KEYWORD_ARITY[SymbolTable.DOES] = 2;
        KEYWORD_ARITY[SymbolTable.GOAL] = 2;
        KEYWORD_ARITY[SymbolTable.TERMINAL] = 0;
        KEYWORD_ARITY[SymbolTable.BASE] = 1;
        KEYWORD_ARITY[SymbolTable.INPUT] = 2;
        KEYWORD_ARITY[SymbolTable.SEES] = 2;
    }

    private static final int[] REQUIRED = {SymbolTable.ROLE, SymbolTable.LEGAL, SymbolTable.TERMINAL, SymbolTable.GOAL};

    private final GameDescription game;
    private final SymbolTable symbols;
    private final List<String> warnings = new ArrayList<>();

    private GdlValidator(GameDescription game) {
        this.game = game;
        this.symbols = game.symbols();
    }

    /**
     * Validates the game and returns the warnings it raises; throws on the first error.
     * Expects a game normalised by the loader (every {@code not} wraps an atomic sentence).
     */
    static List<String> validate(GameDescription game) throws GdlException {
        GdlValidator validator = new GdlValidator(game);
        validator.checkNoGdlII();
        validator.checkHeads();
        validator.checkArities();
        for (Rule rule : game.rules()) {
            validator.checkSafety(rule);
        }
        validator.checkRequiredRelations();
        Stratification.of(game);
        validator.checkDependencies();
        return validator.warnings;
    }

    // ---- GDL-II ----------------------------------------------------------------------------------------

    private void checkNoGdlII() throws GdlException {
        for (Rule rule : game.rules()) {
            for (Term sentence : sentences(rule)) {
                if (sentence.symbol() == SymbolTable.SEES) {
                    throw error("GDL-II (games with imperfect information) is not supported: 'sees' in rule",
                        rule);
                }
            }
        }
        // Without 'sees', a role named 'random' is an ordinary player in plain GDL (the repository game
        // beatMania declares one), so it is played as such rather than as GDL-II's chance player.
        for (Term role : game.roles()) {
            if (role.symbol() == SymbolTable.RANDOM) {
                warnings.add("role 'random' is played as an ordinary role; GDL-II's chance player is not supported");
            }
        }
    }

    // ---- the structural restrictions of GDL ------------------------------------------------------------
    // These (roles as facts, true/does only in bodies, and the dependency rules in checkDependencies) are
    // enforced as errors: no game of the repository corpus breaks them (GameLoaderTest loads them all), so
    // a game that does is far more likely wrong than an unusual but meaningful dialect.

    private void checkHeads() throws GdlException {
        Set<Term> roles = new HashSet<>();
        for (Rule rule : game.rules()) {
            int head = rule.head().symbol();
            if (head == SymbolTable.TRUE || head == SymbolTable.DOES) {
                throw error("'" + symbols.name(head) + "' can only be used in rule bodies, not as the head of",
                    rule);
            }
            if (head == SymbolTable.ROLE && !rule.isFact()) {
                throw error("roles must be declared as facts, found the rule", rule);
            }
            // Roles are players by position; the same name twice would make two players one.
            if (head == SymbolTable.ROLE && rule.head().arity() == 1 && !roles.add(rule.head().arg(0))) {
                throw error("a role is declared twice:", rule);
            }
        }
    }

    // ---- arities ---------------------------------------------------------------------------------------

    /** First use of each relation and each function symbol: its arity and the rule it occurs in. */
    private final Int2IntOpenHashMap relationArity = new Int2IntOpenHashMap();
    private final Int2ObjectOpenHashMap<Rule> relationFirstRule = new Int2ObjectOpenHashMap<>();
    private final Int2IntOpenHashMap functionArity = new Int2IntOpenHashMap();
    private final Int2ObjectOpenHashMap<Rule> functionFirstRule = new Int2ObjectOpenHashMap<>();

    private void checkArities() throws GdlException {
        for (Rule rule : game.rules()) {
            for (Term sentence : sentences(rule)) {
                checkRelationArity(sentence, rule);
                for (int i = 0; i < sentence.arity(); i++) {
                    checkFunctionArities(sentence.arg(i), rule);
                }
            }
            for (Literal.Distinct distinct : distincts(rule)) {
                checkFunctionArities(distinct.left(), rule);
                checkFunctionArities(distinct.right(), rule);
            }
        }
    }

    private void checkRelationArity(Term sentence, Rule rule) throws GdlException {
        int relation = sentence.symbol();
        if (relation == SymbolTable.DISTINCT || relation == SymbolTable.NOT || relation == SymbolTable.OR
                || relation == SymbolTable.IMPLIES) {
            throw error("'" + symbols.name(relation) + "' is misused as a relation in", rule);
        }
        int fixed = relation >= 0 && relation < KEYWORD_ARITY.length ? KEYWORD_ARITY[relation] : -1;
        if (fixed >= 0 && sentence.arity() != fixed) {
            throw error("'" + symbols.name(relation) + "' takes " + arguments(fixed) + " but has "
                + sentence.arity() + " in", rule);
        }
        checkConsistent("relation", relation, sentence.arity(), rule, relationArity, relationFirstRule);
    }

    private void checkFunctionArities(Term term, Rule rule) throws GdlException {
        // A constant is not a function: the zero-argument function (foo) and the constant foo are
        // different terms, and a symbol may be both a constant and a function without any clash.
        if (term instanceof Compound compound) {
            checkConsistent("function", compound.symbol(), compound.arity(), rule, functionArity,
                functionFirstRule);
            for (int i = 0; i < compound.arity(); i++) {
                checkFunctionArities(compound.arg(i), rule);
            }
        }
    }

    private void checkConsistent(String kind, int symbol, int arity, Rule rule, Int2IntOpenHashMap arities,
            Int2ObjectOpenHashMap<Rule> firstRules) throws GdlException {
        if (!arities.containsKey(symbol)) {
            arities.put(symbol, arity);
            firstRules.put(symbol, rule);
            return;
        }
        int earlier = arities.get(symbol);
        if (earlier != arity) {
            Rule first = firstRules.get(symbol);
            throw new GdlException("arity clash: " + kind + " '" + symbols.name(symbol) + "' has " + arguments(arity)
                + " in rule " + rule.render(symbols) + " but " + arguments(earlier) + " in rule "
                + first.render(symbols) + " at line " + first.line(), rule.line());
        }
    }

    private static String arguments(int count) {
        return count == 1 ? "1 argument" : count + " arguments";
    }

    // ---- safety ----------------------------------------------------------------------------------------

    private void checkSafety(Rule rule) throws GdlException {
        String violation = Safety.violation(rule);
        if (violation != null) {
            throw error(violation + ", in rule", rule);
        }
    }

    // ---- required relations and dependencies -----------------------------------------------------------

    private void checkRequiredRelations() throws GdlException {
        for (int relation : REQUIRED) {
            if (game.rules().stream().noneMatch(rule -> rule.head().symbol() == relation)) {
                throw new GdlException("the game has no '" + symbols.name(relation) + "' rules; every game needs "
                    + "role, legal, terminal and goal");
            }
        }
    }

    private void checkDependencies() throws GdlException {
        DependencyGraph graph = DependencyGraph.of(game);
        // The initial state is fixed before any state or move exists.
        forbidDependency(graph, SymbolTable.INIT, new int[] {SymbolTable.TRUE, SymbolTable.DOES,
            SymbolTable.LEGAL, SymbolTable.GOAL, SymbolTable.TERMINAL, SymbolTable.NEXT});
        // Legality, goals and termination are properties of a state alone, before the moves are chosen.
        for (int relation : new int[] {SymbolTable.LEGAL, SymbolTable.GOAL, SymbolTable.TERMINAL}) {
            forbidDependency(graph, relation, new int[] {SymbolTable.DOES});
        }
    }

    /** Throws if {@code from} depends, directly or through other relations, on one of {@code forbidden}. */
    private void forbidDependency(DependencyGraph graph, int from, int[] forbidden) throws GdlException {
        // Breadth first, remembering the edge each relation was first reached by, to explain the chain.
        Int2ObjectOpenHashMap<DependencyGraph.Edge> reachedBy = new Int2ObjectOpenHashMap<>();
        Int2IntOpenHashMap reachedFrom = new Int2IntOpenHashMap();
        IntArrayFIFOQueue queue = new IntArrayFIFOQueue();
        queue.enqueue(from);
        while (!queue.isEmpty()) {
            int relation = queue.dequeueInt();
            for (DependencyGraph.Edge edge : graph.edgesFrom(relation)) {
                int target = edge.relation();
                if (target == from || reachedBy.containsKey(target)) {
                    continue;
                }
                reachedBy.put(target, edge);
                reachedFrom.put(target, relation);
                for (int bad : forbidden) {
                    if (target == bad) {
                        throw new GdlException(chain(from, target, reachedBy, reachedFrom), edge.rule().line());
                    }
                }
                queue.enqueue(target);
            }
        }
    }

    private String chain(int from, int target, Int2ObjectOpenHashMap<DependencyGraph.Edge> reachedBy,
            Int2IntOpenHashMap reachedFrom) {
        List<String> steps = new ArrayList<>();
        for (int relation = target; relation != from; relation = reachedFrom.get(relation)) {
            DependencyGraph.Edge edge = reachedBy.get(relation);
            steps.add(0, symbols.name(reachedFrom.get(relation)) + " uses " + symbols.name(relation)
                + " in rule " + edge.rule().render(symbols) + " (line " + edge.rule().line() + ")");
        }
        return "'" + symbols.name(from) + "' must not depend on '" + symbols.name(target) + "': "
            + String.join(", ", steps);
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    /** Every atomic sentence of the rule: its head and those in its body, also under 'not' and 'or'. */
    private static List<Term> sentences(Rule rule) {
        List<Term> out = new ArrayList<>();
        out.add(rule.head());
        for (Literal literal : rule.body()) {
            literal.addSentences(out);
        }
        return out;
    }

    private static List<Literal.Distinct> distincts(Rule rule) {
        List<Literal.Distinct> out = new ArrayList<>();
        for (Literal literal : rule.body()) {
            collectDistincts(literal, out);
        }
        return out;
    }

    private static void collectDistincts(Literal literal, List<Literal.Distinct> out) {
        if (literal instanceof Literal.Distinct distinct) {
            out.add(distinct);
        } else if (literal instanceof Literal.Negation negation) {
            collectDistincts(negation.inner(), out);
        } else if (literal instanceof Literal.Disjunction disjunction) {
            for (Literal option : disjunction.options()) {
                collectDistincts(option, out);
            }
        }
    }

    private GdlException error(String message, Rule rule) {
        return new GdlException(message + " " + rule.render(symbols), rule.line());
    }
}
