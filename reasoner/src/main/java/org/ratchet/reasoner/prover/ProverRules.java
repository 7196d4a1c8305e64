package org.ratchet.reasoner.prover;

import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * A game's rules arranged for the prover, shared read-only by all its machines: clauses indexed by head
 * relation, with every top-level {@code or} multiplied out into separate clauses (the standard reading of
 * {@code or} in a rule body), and each relation classified by what its truth can depend on, which decides
 * how long its answers may be cached.
 */
final class ProverRules {

    /** How long a relation's answers stay valid. */
    enum Lifetime {
        /** Independent of the state and the moves: valid for the whole game. */
        GAME,
        /** Depends on {@code true} but not on {@code does}: valid while the state is unchanged. */
        STATE,
        /** Depends on {@code does}: valid for one state and one joint move. */
        JOINT_MOVE
    }

    /** One rule with an or-free body. {@code source} is the rule as written, for messages. */
    record Clause(Term head, Literal[] body, int variableCount, Rule source) {
    }

    /**
     * A relation's definition: its ground facts, as a list and as a set (a ground call is answered by one
     * set lookup), and its other clauses (rules, and facts with variables).
     */
    record Definition(List<Term> groundFacts, Set<Term> groundFactSet, List<Clause> clauses) {
        boolean isEmpty() {
            return groundFacts.isEmpty() && clauses.isEmpty();
        }
    }

    private static final Definition UNDEFINED = new Definition(List.of(), Set.of(), List.of());

    private final GameDescription game;
    private final Int2ObjectMap<Definition> definitions = new Int2ObjectOpenHashMap<>();
    private final IntSet stateDependent;
    private final IntSet moveDependent;

    ProverRules(GameDescription game) {
        this.game = game;
        for (Rule rule : game.rules()) {
            Definition definition = definitions.computeIfAbsent(rule.head().symbol(),
                k -> new Definition(new ArrayList<>(), new HashSet<>(), new ArrayList<>()));
            if (rule.isFact() && rule.head().isGround()) {
                if (definition.groundFactSet().add(rule.head())) {
                    definition.groundFacts().add(rule.head());
                }
                continue;
            }
            for (List<Literal> body : rule.disjunctionFreeBodies()) {
                definition.clauses()
                    .add(new Clause(rule.head(), body.toArray(new Literal[0]), rule.variableCount(), rule));
            }
        }
        DependencyGraph graph = DependencyGraph.of(game);
        stateDependent = graph.dependents(SymbolTable.TRUE);
        moveDependent = graph.dependents(SymbolTable.DOES);
    }

    GameDescription game() {
        return game;
    }

    /** The facts and clauses whose head has the given relation symbol (any arity; unification sorts arity out). */
    Definition definition(int relation) {
        return definitions.getOrDefault(relation, UNDEFINED);
    }

    Lifetime lifetime(int relation) {
        if (moveDependent.contains(relation)) {
            return Lifetime.JOINT_MOVE;
        }
        return stateDependent.contains(relation) ? Lifetime.STATE : Lifetime.GAME;
    }
}
