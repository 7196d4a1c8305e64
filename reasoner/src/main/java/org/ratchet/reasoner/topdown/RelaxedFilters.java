package org.ratchet.reasoner.topdown;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ratchet.reasoner.gdl.SymbolTable;

/**
 * Filters for the ground calls of relations that depend on the state, from a static over-approximation of each
 * (the MiNI-Player paper's filters built by static analysis). A relation's rules with every literal about the
 * state or the joint move dropped ({@code true}, {@code does}, negations of relations that read either, and
 * positive calls of relations that cannot be relaxed) form a static program, the relaxation: whatever the state,
 * every answer of the relation is an answer of its relaxation, since each dropped literal only narrowed it. So a
 * ground call the relaxation does not prove fails in every state, and {@link Solver} answers it without a proof.
 *
 * <p>Why: chess tests whether a move leaves the king in check by walking each enemy slider's rays toward the
 * king square, a ground call per step ({@code clear_diagonal_ne_ig} and its kin), once for every square a piece
 * may leave. Most rays point away from the king; the relaxation of such a walk fails at once, and its answer is
 * kept for the rest of the game.
 *
 * <p>The relaxation is not evaluated ahead: chess's relaxed threat relations alone have millions of answers
 * (every ignored square times every pair of squares on a line). Each machine's solver asks it the ground calls
 * it meets, through a solver of its own whose answers stay valid for the whole game ({@link Solver#mayHold}).
 */
final class RelaxedFilters {

    private RelaxedFilters() {
    }

    /**
     * Makes the relaxation of {@code rules} filter the ground calls of each state-dependent relation that has
     * one; the number of relations filtered.
     */
    static int attach(Rules rules) {
        int n = rules.relationSymbol.length;
        boolean[] relaxable = relaxable(rules);
        Rules.Clause[][] relaxed = new Rules.Clause[n][];
        boolean[] filtered = new boolean[n];
        int count = 0;
        for (int r = 0; r < n; r++) {
            relaxed[r] = relaxable[r] ? relaxedClauses(rules, r, relaxable) : new Rules.Clause[0];
            filtered[r] = isCandidate(rules, r, relaxable);
            if (filtered[r]) {
                count++;
            }
        }
        if (count > 0) {
            rules.filterWith(new Rules(rules, relaxed), filtered);
        }
        return count;
    }

    /** A state-dependent relation with rules, asked by ground calls (not one the machine asks whole). */
    private static boolean isCandidate(Rules rules, int relation, boolean[] relaxable) {
        int symbol = rules.relationSymbol[relation];
        return relaxable[relation] && rules.lifetime[relation] != Rules.GAME && rules.relationArity[relation] > 0
            && rules.clauses[relation].length > 0
            && symbol != SymbolTable.NEXT && symbol != SymbolTable.LEGAL && symbol != SymbolTable.GOAL;
    }

    /**
     * Which relations have a relaxation: those of the whole game as they are, and each other one whose every
     * clause, relaxed, still binds its head's variables. A relation without one is dropped from the bodies that
     * call it, which may in turn leave them unsafe, so this runs to a fixpoint.
     */
    private static boolean[] relaxable(Rules rules) {
        int n = rules.relationSymbol.length;
        boolean[] relaxable = new boolean[n];
        Arrays.fill(relaxable, true);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int r = 0; r < n; r++) {
                if (!relaxable[r] || rules.lifetime[r] == Rules.GAME) {
                    continue;
                }
                for (Rules.Clause clause : rules.clauses[r]) {
                    if (relax(rules, clause, relaxable) == null) {
                        relaxable[r] = false;
                        changed = true;
                        break;
                    }
                }
            }
        }
        return relaxable;
    }

    private static Rules.Clause[] relaxedClauses(Rules rules, int relation, boolean[] relaxable) {
        if (rules.lifetime[relation] == Rules.GAME) {
            return rules.clauses[relation];
        }
        Rules.Clause[] clauses = rules.clauses[relation];
        Rules.Clause[] relaxed = new Rules.Clause[clauses.length];
        for (int c = 0; c < clauses.length; c++) {
            relaxed[c] = relax(rules, clauses[c], relaxable);
        }
        return relaxed;
    }

    /**
     * The clause with the literals the relaxation drops left out, or null if then a head variable is bound by
     * no literal. Kept: calls of static or relaxable relations, and negations of static relations and
     * {@code distinct}s whose variables those calls bind.
     */
    private static Rules.Clause relax(Rules rules, Rules.Clause clause, boolean[] relaxable) {
        List<Rules.Goal> kept = new ArrayList<>();
        IntOpenHashSet bound = new IntOpenHashSet();
        for (Rules.Goal goal : clause.body()) {
            if (goal.kind == Rules.Goal.RELATION && relaxable[goal.relation]) {
                kept.add(goal);
                for (int variable : goal.variables) {
                    bound.add(variable);
                }
            }
        }
        for (Rules.Goal goal : clause.body()) {
            boolean test = goal.kind == Rules.Goal.DISTINCT || goal.kind == Rules.Goal.NOT
                && goal.inner[0].kind == Rules.Goal.RELATION && rules.lifetime[goal.inner[0].relation] == Rules.GAME;
            if (test && allIn(goal.variables, bound)) {
                kept.add(goal);
            }
        }
        for (Pattern argument : clause.head()) {
            if (!variablesIn(argument, bound)) {
                return null;
            }
        }
        // the body keeps its written order among the calls; tests go last, where the solver places them anyway
        return new Rules.Clause(clause.id(), clause.head(), kept.toArray(new Rules.Goal[0]), clause.variableCount(),
            clause.source());
    }

    private static boolean allIn(int[] variables, IntOpenHashSet bound) {
        for (int variable : variables) {
            if (!bound.contains(variable)) {
                return false;
            }
        }
        return true;
    }

    private static boolean variablesIn(Pattern pattern, IntOpenHashSet bound) {
        switch (pattern.kind) {
            case Pattern.VARIABLE:
                return bound.contains(pattern.value);
            case Pattern.COMPOUND:
                for (Pattern argument : pattern.args) {
                    if (!variablesIn(argument, bound)) {
                        return false;
                    }
                }
                return true;
            default:
                return true;
        }
    }
}
