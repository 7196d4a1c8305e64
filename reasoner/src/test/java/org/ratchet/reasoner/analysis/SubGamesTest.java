package org.ratchet.reasoner.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.GroundingBudget;
import org.ratchet.reasoner.rewrite.Passes;

/** Factoring: which moves and fluents form independent sub-games, on real games and small ones. */
class SubGamesTest {
    private static GameDescription repository(String name) throws Exception {
        return Passes.normalForm(GameLoader.load(GameCorpus.repositoryGame(name)));
    }

    private static List<SubGames.SubGame> factor(GameDescription game) throws Exception {
        return SubGames.of(game, new GroundingBudget(1L << 30, 60_000)).subGames();
    }

    /** Each sub-game's moves, rendered and sorted, the sub-games sorted by their first move. */
    private static List<Set<String>> moves(GameDescription game, List<SubGames.SubGame> subGames) {
        return subGames.stream().map(s -> render(game, s.moves())).sorted((a, b) -> a.toString()
                .compareTo(b.toString())).toList();
    }

    private static Set<String> render(GameDescription game, Set<Term> terms) {
        return terms.stream().map(t -> t.render(game.symbols())).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void lightsOnIsOneSubGamePerLampDespiteTheGoalThatReadsThemAll() throws Exception {
        GameDescription game = repository("lightsOn");
        List<SubGames.SubGame> subGames = factor(game);
        assertEquals(List.of(Set.of("(does robot (press 1 1))"), Set.of("(does robot (press 1 2))"),
                Set.of("(does robot (press 2 1))"), Set.of("(does robot (press 2 2))")), moves(game, subGames));
        for (SubGames.SubGame subGame : subGames) {
            Set<String> fluents = render(game, subGame.fluents());
            String press = render(game, subGame.moves()).iterator().next();
            String lamp = press.substring("(does robot (press ".length(), press.length() - 2);
            assertEquals(Set.of("(cell " + lamp + " 0)", "(cell " + lamp + " 1)", "(cell " + lamp + " 2)",
                    "(cell " + lamp + " 3)", "(cell " + lamp + " 4)"), fluents, "no step counter among them");
        }
    }

    @Test
    void theTurtleBrainsSeriesGamesAreThreeSubGamesTheClockJoinsNone() throws Exception {
        GameDescription game = repository("factoringEasyTurtleBrain");
        List<SubGames.SubGame> subGames = factor(game);
        assertEquals(3, subGames.size(), subGames.toString());
        for (SubGames.SubGame subGame : subGames) {
            Set<String> moves = render(game, subGame.moves());
            String series = moves.iterator().next().substring("(does robot (press ".length()).substring(0, 1);
            assertEquals(4, moves.size());
            assertTrue(moves.stream().allMatch(m -> m.startsWith("(does robot (press " + series + " ")), moves.toString());
            Set<String> fluents = render(game, subGame.fluents());
            assertTrue(fluents.contains("(won " + series + ")"), fluents.toString());
            assertTrue(fluents.stream().noneMatch(f -> f.startsWith("(step") || f.startsWith("(seriesgame")),
                    "the clock and the series counter are the environment: " + fluents);
        }
    }

    @Test
    void ticTacToesMarksShareTheBoardAndANoopIsAloneWithNothing() throws Exception {
        GameDescription game = repository("ticTacToe");
        List<SubGames.SubGame> subGames = factor(game);
        assertEquals(3, subGames.size());
        SubGames.SubGame marks = subGames.stream().filter(s -> s.moves().size() == 18).findFirst().orElseThrow();
        assertEquals(27, marks.fluents().size(), "9 cells, 3 contents each");
        assertTrue(subGames.stream().filter(s -> s != marks).allMatch(s -> s.moves().size() == 1
                && s.fluents().isEmpty()));
    }

    @Test
    void movesThatShareAFluentJoinOneSubGame() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load("""
            (role a)
            (init (lamp 1 off)) (init (lamp 2 off)) (init (lamp 3 off)) (init (time 0))
            (succ 0 1) (succ 1 2) (succ 2 3)
            (<= (legal a (flip ?n)) (true (lamp ?n ?s)))
            (<= (legal a swap) (true (lamp 1 ?s)))
            (<= (next (lamp ?n on)) (does a (flip ?n)))
            (<= (next (lamp ?n ?s)) (true (lamp ?n ?s)) (not (does a (flip ?n))) (distinct ?n 1))
            (<= (next (lamp 1 ?t)) (true (lamp 2 ?t)) (does a swap))
            (<= (next (lamp 1 ?s)) (true (lamp 1 ?s)) (not (does a (flip 1))) (not (does a swap)))
            (<= (next (time ?m)) (true (time ?n)) (succ ?n ?m))
            (<= terminal (true (time 3)))
            (goal a 100)
            """));
        assertEquals(List.of(Set.of("(does a (flip 1))", "(does a (flip 2))", "(does a swap)"),
                Set.of("(does a (flip 3))")), moves(game, factor(game)));
    }

    @Test
    void aGameBeyondTheBudgetGetsNoSubGames() throws Exception {
        GameDescription game = repository("checkers");
        assertEquals(List.of(), SubGames.of(game, new GroundingBudget(1L << 30, 1)).subGames());
    }

    @Test
    void anyBoardLitWinsSoEachBoardIsAFocusButOneBoardOfLampsIsNot() throws Exception {
        GameDescription parallel = repository("lightsOnParallel");
        SubGames factored = SubGames.of(parallel, new GroundingBudget(1L << 30, 60_000));
        assertEquals(16, factored.subGames().size(), "one per lamp");
        List<Set<String>> focuses = factored.focuses(parallel.roles().get(0)).stream()
                .map(moves -> render(parallel, moves)).sorted((a, b) -> a.toString().compareTo(b.toString())).toList();
        assertEquals(List.of(
                Set.of("(does robot (press 1 1))", "(does robot (press 1 2))", "(does robot (press 2 1))",
                        "(does robot (press 2 2))"),
                Set.of("(does robot (press 1 3))", "(does robot (press 1 4))", "(does robot (press 2 3))",
                        "(does robot (press 2 4))"),
                Set.of("(does robot (press 3 1))", "(does robot (press 3 2))", "(does robot (press 4 1))",
                        "(does robot (press 4 2))"),
                Set.of("(does robot (press 3 3))", "(does robot (press 3 4))", "(does robot (press 4 3))",
                        "(does robot (press 4 4))")), focuses);

        GameDescription single = repository("lightsOn");
        assertEquals(List.of(), SubGames.of(single, new GroundingBudget(1L << 30, 60_000))
                .focuses(single.roles().get(0)), "all four lamps at once: no part suffices");
    }
}
