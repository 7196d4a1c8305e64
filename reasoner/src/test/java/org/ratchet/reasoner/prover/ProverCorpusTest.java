package org.ratchet.reasoner.prover;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.play.RandomPlayouts;

/**
 * The prover over every repository game and every valid edge-case game: a few random playouts must end in
 * a terminal state with every goal in 0..100 (or stop at the step bound), without exceptions or dead ends.
 * Each game has a time budget; games that do not fit are listed, not failed, since speed is not what this
 * test checks.
 */
class ProverCorpusTest {
    private static final int PLAYOUTS = 2;
    private static final int MAX_STEPS = 300;
    private static final long BUDGET_MILLIS = Long.getLong("ratchet.corpus.budgetMillis", 2000);
    private static final long STACK_BYTES = 512L << 20;

    @Test
    void randomPlayoutsOfEveryRepositoryGameEndWellDefined() throws InterruptedException {
        List<String> failures = new ArrayList<>();
        List<String> overBudget = new ArrayList<>();
        int passed = 0;
        long started = System.nanoTime();
        List<Path> games = new ArrayList<>(GameCorpus.repositoryGames());
        // The edge cases named test_invalid_* must be rejected by the loader; the validator's tests cover them.
        GameCorpus.edgeCaseGames().stream()
            .filter(game -> !game.getFileName().toString().startsWith("test_invalid_"))
            .forEach(games::add);
        for (Path game : games) {
            String name = game.getParent().getFileName() + "/" + game.getFileName();
            ExecutorService executor = Executors.newSingleThreadExecutor(
                task -> new Thread(null, task, "corpus-" + name, STACK_BYTES));
            Future<String> result = executor.submit(() -> playouts(game));
            try {
                String problem = result.get(BUDGET_MILLIS, TimeUnit.MILLISECONDS);
                if (problem == null) {
                    passed++;
                } else {
                    failures.add(name + ": " + problem);
                }
            } catch (TimeoutException e) {
                overBudget.add(name);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (!(cause instanceof CancellationException)) {
                    failures.add(name + ": " + cause);
                }
            } finally {
                executor.shutdownNow();
                executor.awaitTermination(1, TimeUnit.MINUTES);
            }
        }
        System.out.printf("prover corpus: %d games passed, %d failed, %d did not fit in %d ms each (%.0f s in all)%n",
            passed, failures.size(), overBudget.size(), BUDGET_MILLIS, (System.nanoTime() - started) / 1e9);
        if (!overBudget.isEmpty()) {
            System.out.println("prover corpus: over the time budget (not a failure): " + String.join(" ", overBudget));
        }
        failures.forEach(failure -> System.out.println("prover corpus: FAILED " + failure));
        assertTrue(failures.isEmpty(), failures.size() + " games gave wrong results:\n" + String.join("\n", failures));
        assertTrue(passed > 0, "no game fitted in the budget");
    }

    /** Null if every playout ended well, else what went wrong. */
    private static String playouts(Path game) throws GdlException, java.io.IOException {
        StateMachine machine = ProverStateMachineFactory.create(GameLoader.load(game)).newMachine();
        RandomPlayouts playouts = new RandomPlayouts(machine, game.getFileName().toString().hashCode(), MAX_STEPS);
        for (int i = 0; i < PLAYOUTS; i++) {
            RandomPlayouts.End end = playouts.play(machine.initialState());
            if (end == RandomPlayouts.End.DEAD_END) {
                return "dead end after " + playouts.steps() + " steps: a non-terminal state where a role has no"
                    + " legal move";
            }
            if (end == RandomPlayouts.End.TERMINAL) {
                for (int r = 0; r < machine.roleCount(); r++) {
                    int goal = machine.goal(r);
                    if (goal < 0 || goal > 100) {
                        return "goal " + goal + " of role " + r + " is outside 0..100";
                    }
                }
            }
        }
        return null;
    }
}
