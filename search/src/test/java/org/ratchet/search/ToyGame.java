package org.ratchet.search;

import java.util.Arrays;
import java.util.List;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.Atom;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * A small game written directly in Java, for unit tests of the tree logic that must not depend on a rule
 * engine: states are sets of small ints, rules are the abstract methods.
 */
abstract class ToyGame implements StateMachineFactory {
    private final SymbolTable symbols = new SymbolTable();
    private final GameDescription description = new GameDescription(symbols, List.of(), List.of());

    abstract int roles();

    abstract int[] initial();

    abstract boolean terminal(int[] state);

    /** Legal move ids of the role; never empty in a non-terminal state. */
    abstract int[] legal(int[] state, int role);

    abstract int[] next(int[] state, int[] jointMove);

    abstract int goal(int[] state, int role);

    abstract String moveName(int move);

    /** Extra time each state update takes: imitates a slow rule engine. */
    long stepDelayMillis() {
        return 0;
    }

    @Override
    public String engineName() {
        return "toy";
    }

    @Override
    public GameDescription description() {
        return description;
    }

    @Override
    public StateMachine newMachine() {
        return new Machine();
    }

    private Term atom(String name) {
        return new Atom(symbols.intern(name));
    }

    private final class Machine implements StateMachine {
        private int[] current = State.of(initial()).facts();
        private int[][] legalCache = new int[roles()][];

        @Override
        public GameDescription description() {
            return description;
        }

        @Override
        public int roleCount() {
            return roles();
        }

        @Override
        public Term role(int roleIndex) {
            return atom("role" + roleIndex);
        }

        @Override
        public State initialState() {
            return State.of(initial());
        }

        @Override
        public void setState(State state) {
            current = state.facts();
            legalCache = new int[roles()][];
        }

        @Override
        public State currentState() {
            return new State(current.clone());
        }

        @Override
        public boolean isTerminal() {
            return terminal(current);
        }

        private int[] legalOf(int role) {
            if (legalCache[role] == null) {
                legalCache[role] = legal(current, role);
            }
            return legalCache[role];
        }

        @Override
        public int legalCount(int roleIndex) {
            return legalOf(roleIndex).length;
        }

        @Override
        public int legalMove(int roleIndex, int i) {
            return legalOf(roleIndex)[i];
        }

        @Override
        public void advance(int[] jointMove) {
            for (int role = 0; role < roles(); role++) {
                int move = jointMove[role];
                if (Arrays.stream(legalOf(role)).noneMatch(m -> m == move)) {
                    throw new IllegalArgumentException("illegal move " + move + " for role " + role + " in "
                            + Arrays.toString(current));
                }
            }
            current = State.of(next(current, jointMove)).facts();
            legalCache = new int[roles()][];
            if (stepDelayMillis() > 0) {
                try {
                    Thread.sleep(stepDelayMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public int goal(int roleIndex) {
            return ToyGame.this.goal(current, roleIndex);
        }

        @Override
        public Term move(int moveId) {
            return atom(moveName(moveId));
        }

        @Override
        public int moveId(int roleIndex, Term move) {
            return -1;
        }

        @Override
        public Term fact(int factId) {
            return atom("f" + factId);
        }

        @Override
        public int factId(Term fact) {
            return -1;
        }

    }

    /**
     * Nim with one pile: the player to move takes 1 to 3 sticks, the other plays noop; whoever takes the last
     * stick scores 100, the other 0. Piles that are multiples of 4 are lost for the player to move.
     * Facts: the pile size (0..), and 1000 + the role in control. Moves: 0 noop, 1..3 take that many.
     */
    static ToyGame nim(int sticks) {
        return nim(sticks, 0);
    }

    /** Nim whose every state update takes {@code delayMillis}. */
    static ToyGame nim(int sticks, long delayMillis) {
        return new ToyGame() {
            @Override
            long stepDelayMillis() {
                return delayMillis;
            }

            int roles() {
                return 2;
            }

            int[] initial() {
                return new int[] {sticks, 1000};
            }

            boolean terminal(int[] state) {
                return state[0] == 0;
            }

            int[] legal(int[] state, int role) {
                if (state[1] - 1000 != role) {
                    return new int[] {0};
                }
                return Arrays.copyOf(new int[] {1, 2, 3}, Math.min(3, state[0]));
            }

            int[] next(int[] state, int[] jointMove) {
                int mover = state[1] - 1000;
                return new int[] {state[0] - jointMove[mover], 1000 + (1 - mover)};
            }

            int goal(int[] state, int role) {
                // at the end, the role in control is the one that did not take the last stick
                return state[0] == 0 && state[1] - 1000 != role ? 100 : 0;
            }

            String moveName(int move) {
                return move == 0 ? "noop" : "take" + move;
            }
        };
    }

    /**
     * A combination lock for one player: over {@code length} steps pick a digit 0..2; only the secret
     * sequence scores 100, every other 0 (1 in 3^length random sequences). Facts: 100 * step + digit for
     * each digit picked, and 10000 + step. Move ids are the digits.
     */
    static ToyGame lock(int[] secret) {
        return combination(secret, false, false);
    }

    /**
     * The lock's puzzle with partial credit: at the end, 10 points per digit in its place, so the best
     * score, the secret's, is 10 * length (under 100 for up to 9 digits).
     */
    static ToyGame digitsRight(int[] secret) {
        return combination(secret, true, false);
    }

    /**
     * The lock with hints: before the end the goal is 10 points per digit picked so far in its place, so the
     * goal rules grade progress; at the end only the secret scores (100), as in {@link #lock}.
     */
    static ToyGame gradedLock(int[] secret) {
        return combination(secret, false, true);
    }

    private static ToyGame combination(int[] secret, boolean partialCredit, boolean hints) {
        return new ToyGame() {
            int roles() {
                return 1;
            }

            int[] initial() {
                return new int[] {10000};
            }

            int step(int[] state) {
                return state[state.length - 1] - 10000;
            }

            boolean terminal(int[] state) {
                return step(state) == secret.length;
            }

            int[] legal(int[] state, int role) {
                return new int[] {0, 1, 2};
            }

            int[] next(int[] state, int[] jointMove) {
                int[] next = Arrays.copyOf(state, state.length + 1);
                int step = step(state);
                next[state.length - 1] = 100 * step + jointMove[0];
                next[state.length] = 10000 + step + 1;
                return next;
            }

            int goal(int[] state, int role) {
                if (!terminal(state) && !hints) {
                    return 0;
                }
                int right = 0;
                for (int step = 0; step < step(state); step++) {
                    if (state[step] == 100 * step + secret[step]) {
                        right++;
                    }
                }
                if (partialCredit || !terminal(state)) {
                    return 10 * right;
                }
                return right == secret.length ? 100 : 0;
            }

            String moveName(int move) {
                return "digit" + move;
            }
        };
    }

    /**
     * Matching pennies repeated {@code rounds} times, both roles at once: role 0 scores when the coins
     * match, role 1 when they differ; goals are each role's share of the rounds, scaled to 0..100. The
     * only equilibrium plays each side half the time. Facts: 10 * round + role-0 score (scores stay
     * under 10). Moves: 0 heads, 1 tails.
     */
    static ToyGame pennies(int rounds) {
        return new ToyGame() {
            int roles() {
                return 2;
            }

            int[] initial() {
                return new int[] {0};
            }

            boolean terminal(int[] state) {
                return state[0] / 10 == rounds;
            }

            int[] legal(int[] state, int role) {
                return new int[] {0, 1};
            }

            int[] next(int[] state, int[] jointMove) {
                int matches = state[0] % 10 + (jointMove[0] == jointMove[1] ? 1 : 0);
                return new int[] {(state[0] / 10 + 1) * 10 + matches};
            }

            int goal(int[] state, int role) {
                int matches = state[0] % 10;
                int played = state[0] / 10;
                if (played == 0) {
                    return 50;
                }
                int won = role == 0 ? matches : played - matches;
                return 100 * won / played;
            }

            String moveName(int move) {
                return move == 0 ? "heads" : "tails";
            }
        };
    }


    /**
     * One choice among {@code moves} options for role 0 while role 1 waits; only {@code winner} scores 100.
     * Facts: 0 before the choice, 1 + the choice after it. Move ids: the option, {@code moves} for noop.
     */
    static ToyGame pick(int moves, int winner) {
        return new ToyGame() {
            int roles() {
                return 2;
            }

            int[] initial() {
                return new int[] {0};
            }

            boolean terminal(int[] state) {
                return state[0] > 0;
            }

            int[] legal(int[] state, int role) {
                return role == 1 ? new int[] {moves} : java.util.stream.IntStream.range(0, moves).toArray();
            }

            int[] next(int[] state, int[] jointMove) {
                return new int[] {1 + jointMove[0]};
            }

            int goal(int[] state, int role) {
                boolean won = state[0] == 1 + winner;
                return role == 0 ? (won ? 100 : 0) : (won ? 0 : 100);
            }

            String moveName(int move) {
                return move == moves ? "noop" : "option" + move;
            }
        };
    }
}
