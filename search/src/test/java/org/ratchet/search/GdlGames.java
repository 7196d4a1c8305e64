package org.ratchet.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Term;

/** Real GDL games for search tests: corpus games and the positions under test resources. */
final class GdlGames {
    /** The engine the game tests run on: the reference prover (slow, so iteration budgets stay small). */
    static final String ENGINE = "prover";

    private GdlGames() {
    }

    /** A game of the shared corpus's repository by name, e.g. {@code ticTacToe}. */
    static StateMachineFactory repository(String name) {
        return load(GameCorpus.repositoryGame(name));
    }

    /** A position file under {@code src/test/resources/positions}, e.g. {@code ticTacToeWinInOne}. */
    static StateMachineFactory position(String name) {
        URL url = GdlGames.class.getResource("/positions/" + name + ".kif");
        if (url == null) {
            throw new IllegalArgumentException("no position " + name);
        }
        try {
            return load(Path.of(url.toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static StateMachineFactory load(Path file) {
        try {
            return Engines.create(ENGINE, GameLoader.load(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GdlException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
    }

    /** The index of the role named {@code name}. */
    static int roleIndex(StateMachine machine, String name) {
        for (int role = 0; role < machine.roleCount(); role++) {
            if (render(machine, machine.role(role)).equals(name)) {
                return role;
            }
        }
        throw new IllegalArgumentException("no role " + name);
    }

    /**
     * A machine of {@code game} in the state after the first step, in which {@code chooser} played the move
     * rendered {@code choice} and every other role its first legal move.
     */
    static StateMachine afterFirstStep(StateMachineFactory game, String chooser, String choice) {
        StateMachine machine = game.newMachine();
        machine.setState(machine.initialState());
        int chooserRole = roleIndex(machine, chooser);
        int[] joint = new int[machine.roleCount()];
        for (int role = 0; role < machine.roleCount(); role++) {
            joint[role] = machine.legalMove(role, 0);
        }
        for (int i = 0; i < machine.legalCount(chooserRole); i++) {
            if (render(machine, machine.move(machine.legalMove(chooserRole, i))).equals(choice)) {
                joint[chooserRole] = machine.legalMove(chooserRole, i);
            }
        }
        machine.advance(joint);
        return machine;
    }

    static String render(StateMachine machine, Term term) {
        return term.render(machine.description().symbols());
    }
}
