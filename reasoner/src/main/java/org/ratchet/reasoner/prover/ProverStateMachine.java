package org.ratchet.reasoner.prover;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.Atom;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * The reference {@link StateMachine}: every query is answered by the tabled prover. Answers about the
 * current state (terminal, legal moves, goals) are computed on first request and kept until the state
 * changes.
 */
public final class ProverStateMachine implements StateMachine {
    private final ProverStateMachineFactory factory;
    private final GameDescription game;
    private final Prover prover;
    private final List<Term> roles;
    private final Term[] legalQueries;
    private final Term[] goalQueries;
    private final Term nextQuery;
    private final Term terminalQuery = new Atom(SymbolTable.TERMINAL);

    private State current;
    private State initial;
    /** Per role, the legal move ids of the current state; null until asked. */
    private final int[][] legal;
    private int terminal = -1;

    ProverStateMachine(ProverStateMachineFactory factory) {
        this.factory = factory;
        this.game = factory.description();
        this.prover = new Prover(factory.rules());
        this.roles = game.roles();
        this.legalQueries = new Term[roles.size()];
        this.goalQueries = new Term[roles.size()];
        for (int r = 0; r < roles.size(); r++) {
            legalQueries[r] = new Compound(SymbolTable.LEGAL, roles.get(r), Variants.variable(0));
            goalQueries[r] = new Compound(SymbolTable.GOAL, roles.get(r), Variants.variable(0));
        }
        this.nextQuery = new Compound(SymbolTable.NEXT, Variants.variable(0));
        this.legal = new int[roles.size()][];
        setState(initialState());
    }

    @Override
    public GameDescription description() {
        return game;
    }

    @Override
    public int roleCount() {
        return roles.size();
    }

    @Override
    public Term role(int roleIndex) {
        return roles.get(roleIndex);
    }

    @Override
    public State initialState() {
        if (initial == null) {
            prover.setState(List.of());
            initial = toState(prover.ask(new Compound(SymbolTable.INIT, Variants.variable(0))));
            if (current != null) {
                prover.setState(factTerms(current));
            }
        }
        return initial;
    }

    @Override
    public void setState(State state) {
        current = state;
        prover.setState(factTerms(state));
        Arrays.fill(legal, null);
        terminal = -1;
    }

    @Override
    public State currentState() {
        return current;
    }

    @Override
    public boolean isTerminal() {
        if (terminal < 0) {
            terminal = prover.ask(terminalQuery).isEmpty() ? 0 : 1;
        }
        return terminal == 1;
    }

    @Override
    public int legalCount(int roleIndex) {
        return legalMoves(roleIndex).length;
    }

    @Override
    public int legalMove(int roleIndex, int i) {
        return legalMoves(roleIndex)[i];
    }

    private int[] legalMoves(int roleIndex) {
        int[] moves = legal[roleIndex];
        if (moves == null) {
            List<Term> answers = prover.ask(legalQueries[roleIndex]);
            moves = new int[answers.size()];
            for (int i = 0; i < moves.length; i++) {
                moves[i] = factory.moves().intern(answers.get(i).arg(1));
            }
            legal[roleIndex] = moves;
        }
        return moves;
    }

    @Override
    public void advance(int[] jointMove) {
        if (jointMove.length != roles.size()) {
            throw new IllegalArgumentException("a joint move needs " + roles.size() + " moves, got "
                + jointMove.length);
        }
        List<Term> does = new ArrayList<>(roles.size());
        for (int r = 0; r < roles.size(); r++) {
            does.add(new Compound(SymbolTable.DOES, roles.get(r), factory.moves().term(jointMove[r])));
        }
        prover.setJointMove(does);
        State next = toState(prover.ask(nextQuery));
        setState(next);
    }

    @Override
    public int goal(int roleIndex) {
        List<Term> answers = prover.ask(goalQueries[roleIndex]);
        if (answers.isEmpty()) {
            factory.warnIllDefinedGoal(true, "no goal value is derivable for role "
                + roles.get(roleIndex).render(game.symbols()) + " in " + describe(current));
            return 0;
        }
        int best = Integer.MIN_VALUE;
        for (Term answer : answers) {
            best = Math.max(best, goalValue(answer.arg(1), roleIndex));
        }
        if (answers.size() > 1) {
            factory.warnIllDefinedGoal(false, answers.size() + " goal values are derivable for role "
                + roles.get(roleIndex).render(game.symbols()) + " in " + describe(current));
        }
        return best;
    }

    private int goalValue(Term value, int roleIndex) {
        int number = value instanceof Atom ? game.symbols().numeral(value.symbol()) : -1;
        if (number >= 0 && number <= 100) {
            return number;
        }
        throw new ProverException("goal value " + value.render(game.symbols()) + " of role "
            + roles.get(roleIndex).render(game.symbols()) + " is not an integer from 0 to 100");
    }

    @Override
    public Term move(int moveId) {
        return factory.moves().term(moveId);
    }

    /** Any ground term can be played as a move by the prover; its legality is a question for the rules. */
    @Override
    public int moveId(int roleIndex, Term move) {
        return move.isGround() ? factory.moves().intern(move) : -1;
    }

    @Override
    public Term fact(int factId) {
        return factory.facts().term(factId);
    }

    /** Any ground term can be a fact for the prover, so states of other engines always convert. */
    @Override
    public int factId(Term fact) {
        return fact.isGround() ? factory.facts().intern(fact) : -1;
    }

    private State toState(List<Term> sentences) {
        IntArrayList ids = new IntArrayList(sentences.size());
        for (Term sentence : sentences) {
            ids.add(factory.facts().intern(sentence.arg(0)));
        }
        return State.of(ids.toIntArray());
    }

    private List<Term> factTerms(State state) {
        List<Term> terms = new ArrayList<>(state.size());
        for (int i = 0; i < state.size(); i++) {
            terms.add(factory.facts().term(state.fact(i)));
        }
        return terms;
    }

    private String describe(State state) {
        StringBuilder out = new StringBuilder("the state {");
        for (int i = 0; i < state.size(); i++) {
            out.append(i == 0 ? "" : " ").append(factory.facts().term(state.fact(i)).render(game.symbols()));
        }
        return out.append('}').toString();
    }
}
