package org.ratchet.reasoner.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.rewrite.Passes;

/** Goal values ruled out by persistent facts: which fluents guard which goals, and where none can. */
class GoalLatchesTest {
    /** A race with a latch: a captured king can never win, however the relations between are written. */
    private static final String RACE = """
        (role white) (role black)
        (init (step 0))
        (succ 0 1) (succ 1 2) (succ 2 3)
        (<= (legal ?r capture) (role ?r))
        (<= (legal ?r wait) (role ?r))
        (<= (next whiteKingCaptured) (does black capture))
        (<= (next whiteKingCaptured) (true whiteKingCaptured))
        (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
        (<= (next (arrived ?r)) (true (step 2)) (role ?r))
        (<= whiteAlive (not (true whiteKingCaptured)))
        (<= (whiteCanWin ?s) (true (step ?s)) whiteAlive)
        (<= (whiteCanWin ?s) (whiteCanWin ?t) (succ ?t ?s))
        (<= whiteWins (whiteCanWin 3) (true (arrived white)))
        (<= terminal (true (step 3)))
        (<= (goal white 100) whiteWins)
        (<= (goal white 0) (not whiteWins))
        (<= (goal black 100) (not whiteWins))
        (<= (goal black 0) whiteWins)
        """;

    private static GoalLatches latches(String kif) throws Exception {
        return GoalLatches.of(Passes.normalForm(GameLoader.load(kif)));
    }

    private static Set<String> names(GameDescription game, Set<Term> terms) {
        Set<String> names = new TreeSet<>();
        for (Term term : terms) {
            names.add(term.render(game.symbols()));
        }
        return names;
    }

    @Test
    void aNegatedPersistentFluentGuardsEveryGoalThatNeedsItThroughDerivedAndRecursiveRelations() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(RACE));
        GoalLatches latches = GoalLatches.of(game);
        assertTrue(latches.any());
        assertArrayEquals(new int[] {0, 100}, latches.values(0));
        assertEquals(Set.of("whitekingcaptured"), names(game, latches.guards(0, 100)), "white's win");
        assertEquals(Set.of(), latches.guards(0, 0), "a negation of what is guarded is not guarded");
        assertEquals(Set.of("whitekingcaptured"), names(game, latches.guards(1, 0)), "black's loss");
        assertEquals(Set.of(), latches.guards(1, 100));
    }

    @Test
    void aFluentWithoutThePlainFrameRuleGuardsNothing() throws Exception {
        // the king may be restored: whiteKingCaptured is kept only while nobody revives it
        String revivable = RACE.replace("(<= (next whiteKingCaptured) (true whiteKingCaptured))",
                "(<= (next whiteKingCaptured) (true whiteKingCaptured) (not (does white revive)))");
        assertFalse(latches(revivable).any());
    }

    @Test
    void aGuardMustHoldForEveryRuleOfTheValue() throws Exception {
        // a second way to win that does not need the king
        String twoWays = RACE.replace("(<= (goal white 0) (not whiteWins))",
                "(<= (goal white 100) (true (arrived black)))\n(<= (goal white 0) (not whiteWins))");
        GameDescription game = Passes.normalForm(GameLoader.load(twoWays));
        GoalLatches latches = GoalLatches.of(game);
        assertEquals(Set.of(), latches.guards(0, 100));
        assertEquals(Set.of("whitekingcaptured"), names(game, latches.guards(1, 0)), "black's rules unchanged");
    }

    @Test
    void aGoalValueFromAVariableLeavesTheRoleUnknown() throws Exception {
        String computed = RACE.replace("(<= (goal white 0) (not whiteWins))",
                "(score 0)\n(<= (goal white ?v) (score ?v) (not whiteWins))");
        GoalLatches latches = latches(computed);
        assertArrayEquals(new int[0], latches.values(0));
        assertEquals(Set.of(), latches.guards(0, 100));
        assertArrayEquals(new int[] {0, 100}, latches.values(1));
    }

    @Test
    void aNonGroundGuardCountsForNothing() throws Exception {
        String perRole = RACE.replace("(<= whiteAlive (not (true whiteKingCaptured)))",
                "(<= whiteAlive (role ?r) (not (true (captured ?r))))")
                .replace("(<= (next whiteKingCaptured) (true whiteKingCaptured))",
                        "(<= (next (captured ?r)) (true (captured ?r)))");
        assertFalse(latches(perRole).any());
    }

    @Test
    void escortLatchFromTheRepositoryHasItsKingLatches() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(GameCorpus.repositoryGame("escortLatch")));
        GoalLatches latches = GoalLatches.of(game);
        assertArrayEquals(new int[] {0, 50, 100}, latches.values(0));
        assertEquals(Set.of("whitekingcaptured"), names(game, latches.guards(0, 100)));
        assertEquals(Set.of("blackkingcaptured"), names(game, latches.guards(0, 0)));
        assertEquals(Set.of(), latches.guards(0, 50));
    }

    @Test
    void connectFourHasNone() throws Exception {
        assertFalse(GoalLatches.of(Passes.normalForm(GameLoader.load(GameCorpus.repositoryGame("connectFour"))))
                .any());
    }

    @Test
    void aFrameRuleForSomeFactsMakesOnlyThosePersistent() throws Exception {
        // walls stay, the runner moves: a wall where the runner must go guards the win, the runner's cell not
        GameDescription game = Passes.normalForm(GameLoader.load("""
            (role runner)
            (init (cell 1 1 runner)) (init (step 0))
            (succ 0 1) (succ 1 2)
            (<= (legal runner build) (true (step 0)))
            (<= (legal runner wait) (true (step ?n)))
            (<= (next (cell 2 2 wall)) (does runner build))
            (<= (next (cell ?x ?y wall)) (true (cell ?x ?y wall)))
            (<= (next (cell 1 2 runner)) (true (cell 1 1 runner)))
            (<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
            (<= terminal (true (step 2)))
            (<= (goal runner 100) (not (true (cell 2 2 wall))) (not (true (cell 1 1 runner))))
            (<= (goal runner 0) (true (cell 2 2 wall)))
            (<= (goal runner 0) (true (cell 1 1 runner)))
            """));
        GoalLatches latches = GoalLatches.of(game);
        assertEquals(Set.of("(cell 2 2 wall)"), names(game, latches.guards(0, 100)));
    }

    @Test
    void wallmazeKeepsItsWallsNotItsRunners() throws Exception {
        // its one frame rule without conditions is the walls'; a runner's cell changes, so it latches nothing
        assertFalse(latches(Files.readString(GameCorpus.repositoryGame("wallmaze"))).any());
    }
}
