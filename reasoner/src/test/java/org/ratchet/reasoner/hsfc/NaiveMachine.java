package org.ratchet.reasoner.hsfc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/** {@link NaiveReference} behind the StateMachine seam, so differential tests can drive either side alike. */
final class NaiveMachine implements StateMachine {
    private final GameDescription game;
    private final NaiveReference reference;
    private final List<Term> terms = new ArrayList<>();
    private final Map<Term, Integer> ids = new LinkedHashMap<>();
    private Set<Term> state;
    private Map<Integer, Set<Term>> derived;
    private List<List<Integer>> legal;

    NaiveMachine(GameDescription game) throws GdlException {
        this.game = game;
        this.reference = new NaiveReference(game);
        setState(initialState());
    }

    private int intern(Term term) {
        return ids.computeIfAbsent(term, t -> {
            terms.add(t);
            return terms.size() - 1;
        });
    }

    @Override
    public GameDescription description() {
        return game;
    }

    @Override
    public int roleCount() {
        return game.roles().size();
    }

    @Override
    public Term role(int roleIndex) {
        return game.roles().get(roleIndex);
    }

    @Override
    public State initialState() {
        Set<Term> init = reference.initialState();
        return State.of(init.stream().mapToInt(this::intern).toArray());
    }

    @Override
    public void setState(State newState) {
        state = new LinkedHashSet<>();
        for (int i = 0; i < newState.size(); i++) {
            state.add(terms.get(newState.fact(i)));
        }
        derived = reference.derive(state, null);
        legal = new ArrayList<>();
        for (int r = 0; r < roleCount(); r++) {
            legal.add(new ArrayList<>());
        }
        for (Term sentence : derived.getOrDefault(SymbolTable.LEGAL, Set.of())) {
            int role = game.roles().indexOf(sentence.arg(0));
            if (role >= 0) {
                legal.get(role).add(intern(sentence.arg(1)));
            }
        }
    }

    @Override
    public State currentState() {
        return State.of(state.stream().mapToInt(this::intern).toArray());
    }

    @Override
    public boolean isTerminal() {
        return !derived.getOrDefault(SymbolTable.TERMINAL, Set.of()).isEmpty();
    }

    @Override
    public int legalCount(int roleIndex) {
        return legal.get(roleIndex).size();
    }

    @Override
    public int legalMove(int roleIndex, int i) {
        return legal.get(roleIndex).get(i);
    }

    @Override
    public void advance(int[] jointMove) {
        Map<Term, Term> moves = new LinkedHashMap<>();
        for (int r = 0; r < jointMove.length; r++) {
            moves.put(role(r), terms.get(jointMove[r]));
        }
        Set<Term> next = new LinkedHashSet<>();
        for (Term sentence : reference.derive(state, moves).getOrDefault(SymbolTable.NEXT, Set.of())) {
            next.add(sentence.arg(0));
        }
        setState(State.of(next.stream().mapToInt(this::intern).toArray()));
    }

    @Override
    public int goal(int roleIndex) {
        int best = -1;
        for (Term sentence : derived.getOrDefault(SymbolTable.GOAL, Set.of())) {
            if (sentence.arg(0).equals(role(roleIndex))) {
                try {
                    best = Math.max(best, Integer.parseInt(game.symbols().name(sentence.arg(1).symbol())));
                } catch (RuntimeException e) {
                    // not a number: not a goal value
                }
            }
        }
        return Math.max(best, 0);
    }

    @Override
    public Term move(int moveId) {
        return terms.get(moveId);
    }

    @Override
    public int moveId(int roleIndex, Term move) {
        return intern(move);
    }

    @Override
    public Term fact(int factId) {
        return terms.get(factId);
    }

    @Override
    public int factId(Term fact) {
        return intern(fact);
    }
}
