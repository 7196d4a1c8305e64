package org.ratchet.reasoner.prover;

import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Substitution;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Backward chaining (SLD resolution) over a game's rules with tabling: every call, up to renaming of its
 * variables, gets a table holding all its ground answers. Tabling makes recursive relations terminate, and
 * complete: the calls of a recursive component are re-evaluated until no table gains an answer (a fixpoint),
 * so answers found late in mutual recursion still reach every caller.
 *
 * <p>Recursive components are found on the fly like strongly connected components (Tarjan): each open call
 * on the evaluation stack has a low link, the deepest stack position of an open call it consulted. A call
 * that consulted nothing below itself leads its component and iterates it to the fixpoint; the others stay
 * incomplete until their leader finishes.
 *
 * <p>{@code true} and {@code does} are answered from the current state and joint move. Negation is negation
 * as failure on ground literals; a negated literal or {@code distinct} that is not yet ground is delayed
 * until the positive literals of its rule have bound its variables. A call that depends on its own negation
 * (not stratified) is reported as an error. Tables live as long as their relation's
 * answers are valid (see {@link ProverRules.Lifetime}). One prover serves one thread.
 */
final class Prover {

    private enum Status { NEW, OPEN, INCOMPLETE, COMPLETE }

    /** All answers to one call (a canonical variant); see the class comment for the status fields. */
    private static final class Table {
        final Term call;
        final int callVariables;
        final List<Term> answers = new ArrayList<>();
        final Set<Term> known = new HashSet<>();
        Status status = Status.NEW;
        int stackPosition;
        int lowLink;
        /** The iteration in which the table was last evaluated (see {@link Prover#iteration}). */
        int iteration;
        boolean consultedWhileOpen;

        Table(Term call) {
            this.call = call;
            this.callVariables = Variants.variableCount(call);
        }
    }

    private static final int INTERRUPT_CHECK_INTERVAL = 1024;

    private final ProverRules rules;
    private final Map<Term, Table> gameTables = new HashMap<>();
    private final Map<Term, Table> stateTables = new HashMap<>();
    private final Map<Term, Table> jointMoveTables = new HashMap<>();

    /** The {@code (true f)} sentences of the current state, all and by the functor of f. */
    private List<Term> trueSentences = List.of();
    private Int2ObjectMap<List<Term>> trueSentencesByFunctor = new Int2ObjectOpenHashMap<>();
    private List<Term> doesSentences = List.of();

    private final List<Table> stack = new ArrayList<>();
    /** Tables left incomplete by non-leaders, in the order they were popped (may repeat a table). */
    private final List<Table> incomplete = new ArrayList<>();
    /**
     * Counts fixpoint iterations: incremented when a leader starts another pass over its component. An
     * incomplete table evaluated in the current iteration is not evaluated again in it.
     */
    private int iteration;
    private long answerCount;
    private int callsSinceInterruptCheck;

    Prover(ProverRules rules) {
        this.rules = rules;
    }

    /** Makes {@code facts} (arguments of {@code true}) the current state; forgets state-dependent answers. */
    void setState(List<Term> facts) {
        List<Term> sentences = new ArrayList<>(facts.size());
        Int2ObjectMap<List<Term>> byFunctor = new Int2ObjectOpenHashMap<>();
        for (Term fact : facts) {
            Term sentence = new Compound(SymbolTable.TRUE, fact);
            sentences.add(sentence);
            byFunctor.computeIfAbsent(fact.symbol(), k -> new ArrayList<>()).add(sentence);
        }
        trueSentences = sentences;
        trueSentencesByFunctor = byFunctor;
        doesSentences = List.of();
        stateTables.clear();
        jointMoveTables.clear();
    }

    /** Makes {@code sentences} (ground {@code (does r m)} sentences) the current joint move. */
    void setJointMove(List<Term> sentences) {
        doesSentences = List.copyOf(sentences);
        jointMoveTables.clear();
    }

    /**
     * Every ground instance of {@code query} that follows from the rules, the state and the joint move. The
     * query is of a relation defined by rules (not {@code true} or {@code does}, which are read directly).
     */
    List<Term> ask(Term query) {
        try {
            return Collections.unmodifiableList(lookup(Variants.canonical(query)));
        } catch (RuntimeException | StackOverflowError e) {
            // A proof abandoned half way leaves open and incomplete tables that must not be trusted later.
            stack.clear();
            incomplete.clear();
            stateTables.clear();
            jointMoveTables.clear();
            gameTables.values().removeIf(table -> table.status != Status.COMPLETE);
            throw e;
        }
    }

    /** The answers to a canonical call, evaluating its table if needed. Tables' answers are exact; the
     * candidates returned for {@code true} and {@code does} may include non-matching sentences. */
    private List<Term> lookup(Term call) {
        if (++callsSinceInterruptCheck >= INTERRUPT_CHECK_INTERVAL) {
            callsSinceInterruptCheck = 0;
            if (Thread.currentThread().isInterrupted()) {
                throw new CancellationException("proof interrupted");
            }
        }
        int relation = call.symbol();
        if (relation == SymbolTable.TRUE) {
            return call.arity() == 1 ? trueCandidates(call.arg(0)) : List.of();
        }
        if (relation == SymbolTable.DOES) {
            return doesSentences;
        }
        ProverRules.Definition definition = rules.definition(relation);
        if (definition.isEmpty()) {
            return List.of();
        }
        Map<Term, Table> tables = tablesFor(relation);
        Table table = tables.get(call);
        if (table == null) {
            table = new Table(call);
            tables.put(call, table);
        }
        switch (table.status) {
            case COMPLETE:
                return table.answers;
            case OPEN:
                table.consultedWhileOpen = true;
                lowerCallerLink(table.stackPosition);
                return table.answers;
            case INCOMPLETE:
                if (table.iteration == iteration) {
                    lowerCallerLink(table.lowLink);
                    return table.answers;
                }
                break;
            default:
                break;
        }
        evaluate(table, definition);
        if (table.status != Status.COMPLETE) {
            lowerCallerLink(table.lowLink);
        }
        return table.answers;
    }

    private void lowerCallerLink(int position) {
        if (!stack.isEmpty()) {
            Table caller = stack.get(stack.size() - 1);
            caller.lowLink = Math.min(caller.lowLink, position);
        }
    }

    private Map<Term, Table> tablesFor(int relation) {
        switch (rules.lifetime(relation)) {
            case JOINT_MOVE:
                return jointMoveTables;
            case STATE:
                return stateTables;
            default:
                return gameTables;
        }
    }

    /** The {@code (true f)} sentences of the state whose f may match {@code fact} (same functor). */
    private List<Term> trueCandidates(Term fact) {
        if (fact instanceof Variable) {
            return trueSentences;
        }
        List<Term> sameFunctor = trueSentencesByFunctor.get(fact.symbol());
        return sameFunctor == null ? List.of() : sameFunctor;
    }

    private void evaluate(Table table, ProverRules.Definition definition) {
        int position = stack.size();
        table.stackPosition = position;
        table.lowLink = position;
        table.status = Status.OPEN;
        table.consultedWhileOpen = false;
        stack.add(table);
        int incompleteMark = incomplete.size();
        int firstIterationOfLastPass = iteration;
        while (true) {
            table.iteration = iteration;
            long answersBefore = answerCount;
            addMatchingFacts(table, definition);
            for (ProverRules.Clause clause : definition.clauses()) {
                resolve(table, clause);
            }
            if (table.lowLink < position) {
                break; // part of a component led further down the stack; the leader iterates
            }
            boolean recursive = table.consultedWhileOpen || incomplete.size() > incompleteMark;
            if (!recursive || answerCount == answersBefore) {
                break;
            }
            iteration++;
            firstIterationOfLastPass = iteration;
        }
        stack.remove(position);
        if (table.lowLink < position) {
            table.status = Status.INCOMPLETE;
            incomplete.add(table);
            for (int i = incompleteMark; i < incomplete.size(); i++) {
                Table member = incomplete.get(i);
                member.lowLink = Math.min(member.lowLink, table.lowLink);
            }
            return;
        }
        // A leader at its fixpoint: the members evaluated in the last pass are complete. Members not
        // evaluated in it may lack answers; drop them so that a later call recomputes them.
        for (int i = incompleteMark; i < incomplete.size(); i++) {
            Table member = incomplete.get(i);
            if (member.status != Status.INCOMPLETE) {
                continue;
            }
            if (member.iteration >= firstIterationOfLastPass) {
                member.status = Status.COMPLETE;
            } else {
                member.status = Status.NEW;
                tablesFor(member.call.symbol()).remove(member.call);
            }
        }
        incomplete.subList(incompleteMark, incomplete.size()).clear();
        table.status = Status.COMPLETE;
    }

    /** Adds the ground facts that answer the table's call (facts need no renaming: they have no variables). */
    private void addMatchingFacts(Table table, ProverRules.Definition definition) {
        if (table.call.isGround()) {
            if (definition.groundFactSet().contains(table.call)) {
                addAnswer(table, table.call, null);
            }
            return;
        }
        Substitution substitution = new Substitution(table.callVariables);
        for (Term fact : definition.groundFacts()) {
            int mark = substitution.mark();
            if (substitution.unify(table.call, fact)) {
                addAnswer(table, fact, null);
            }
            substitution.undo(mark);
        }
    }

    /** Adds to the table every answer derivable with one clause, given the answers known now. */
    private void resolve(Table table, ProverRules.Clause clause) {
        // Rename apart: the clause keeps variables 0..n-1, the call's variables move to n and up.
        Term goal = Variants.shift(table.call, clause.variableCount());
        Substitution substitution = new Substitution(clause.variableCount() + table.callVariables);
        if (substitution.unify(clause.head(), goal)) {
            solve(table, clause, substitution, new boolean[clause.body().length], clause.body().length);
        }
    }

    private void solve(Table table, ProverRules.Clause clause, Substitution substitution, boolean[] done,
            int remaining) {
        if (remaining == 0) {
            addAnswer(table, substitution.apply(clause.head()), clause);
            return;
        }
        int pick = selectLiteral(clause, substitution, done);
        Literal literal = clause.body()[pick];
        done[pick] = true;
        if (literal instanceof Literal.Positive positive) {
            Term sentence = positive.sentence();
            List<Term> candidates = candidates(sentence, substitution);
            // Indexing, not iteration: the answers of an open recursive call may grow meanwhile.
            for (int i = 0; i < candidates.size(); i++) {
                int mark = substitution.mark();
                if (substitution.unify(sentence, candidates.get(i))) {
                    solve(table, clause, substitution, done, remaining - 1);
                }
                substitution.undo(mark);
            }
        } else if (holds(literal, substitution)) {
            solve(table, clause, substitution, done, remaining - 1);
        }
        done[pick] = false;
    }

    /** Answers (or, for {@code true} and {@code does}, a superset of them) of a body literal's sentence. */
    private List<Term> candidates(Term sentence, Substitution substitution) {
        int relation = sentence.symbol();
        if (relation == SymbolTable.TRUE && sentence.arity() == 1) {
            // State facts are indexed by functor: no call term needs building.
            return trueCandidates(substitution.walk(sentence.arg(0)));
        }
        if (relation == SymbolTable.DOES) {
            return doesSentences;
        }
        return lookup(Variants.canonical(substitution.apply(sentence)));
    }

    /**
     * The next body literal to prove: positive literals in written order, a negation or {@code distinct} as
     * soon as it is ground. One that is still not ground when only such literals are left makes the rule
     * unsafe, which is reported.
     */
    private int selectLiteral(ProverRules.Clause clause, Substitution substitution, boolean[] done) {
        Literal[] body = clause.body();
        for (int i = 0; i < body.length; i++) {
            if (!done[i] && (body[i] instanceof Literal.Positive || isGround(body[i], substitution))) {
                return i;
            }
        }
        throw new ProverException("line " + clause.source().line() + ": a negation or distinct still has"
            + " unbound variables after every positive literal has been proved (unsafe rule): "
            + clause.source().render(rules.game().symbols()));
    }

    private boolean isGround(Literal literal, Substitution substitution) {
        if (literal instanceof Literal.Positive positive) {
            return substitution.isGround(positive.sentence());
        }
        if (literal instanceof Literal.Negation negation) {
            return isGround(negation.inner(), substitution);
        }
        if (literal instanceof Literal.Distinct distinct) {
            return substitution.isGround(distinct.left()) && substitution.isGround(distinct.right());
        }
        for (Literal option : ((Literal.Disjunction) literal).options()) {
            if (!isGround(option, substitution)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a ground literal holds (negation as failure for {@code not}). */
    private boolean holds(Literal literal, Substitution substitution) {
        if (literal instanceof Literal.Positive positive) {
            // Only reached under 'not' (top-level or is multiplied out), so the answers must be final.
            Term sentence = substitution.apply(positive.sentence());
            List<Term> candidates = lookupComplete(sentence);
            for (int i = 0; i < candidates.size(); i++) {
                if (candidates.get(i).equals(sentence)) {
                    return true;
                }
            }
            return false;
        }
        if (literal instanceof Literal.Negation negation) {
            return !holds(negation.inner(), substitution);
        }
        if (literal instanceof Literal.Distinct distinct) {
            return !substitution.apply(distinct.left()).equals(substitution.apply(distinct.right()));
        }
        for (Literal option : ((Literal.Disjunction) literal).options()) {
            if (holds(option, substitution)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The answers to a ground call that is negated. Rules are stratified when no call depends on its own
     * negation; this is checked per call rather than per relation, because real games write rules such as
     * {@code (<= (goal r 100) (not (goal r 0)))} that are only stratified call by call.
     */
    private List<Term> lookupComplete(Term groundCall) {
        List<Term> candidates = lookup(groundCall);
        int relation = groundCall.symbol();
        if (relation != SymbolTable.TRUE && relation != SymbolTable.DOES) {
            Table table = tablesFor(relation).get(groundCall);
            if (table != null && table.status != Status.COMPLETE) {
                throw new ProverException("recursion through negation: " + groundCall.render(rules.game().symbols())
                    + " is negated while it is being proved itself (the rules are not stratified)");
            }
        }
        return candidates;
    }

    /** {@code clause} is the rule that derived the answer, for messages; null for a ground fact. */
    private void addAnswer(Table table, Term answer, ProverRules.Clause clause) {
        if (clause != null && !answer.isGround()) {
            throw new ProverException("line " + clause.source().line() + ": the rule derives "
                + answer.render(rules.game().symbols()) + " with unbound variables (unsafe rule): "
                + clause.source().render(rules.game().symbols()));
        }
        if (table.known.add(answer)) {
            table.answers.add(answer);
            answerCount++;
        }
    }
}
