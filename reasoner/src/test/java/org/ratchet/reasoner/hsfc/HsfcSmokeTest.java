package org.ratchet.reasoner.hsfc;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;

class HsfcSmokeTest {
    @Test
    void smoke() throws Exception {
        for (String name : System.getProperty("games", "ticTacToe").split(",")) {
            GameDescription game = GameLoader.load(GameCorpus.repositoryGame(name));
            long t0 = System.nanoTime();
            HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
            System.out.println(name + " compiled in " + (System.nanoTime() - t0) / 1e6 + " ms " + compiled.statistics());
            StateMachine m = compiled.newMachine();
            SplittableRandom random = new SplittableRandom(1);
            int[] joint = new int[m.roleCount()];
            long states = 0;
            long playouts = 0;
            long end = System.nanoTime() + 3_000_000_000L;
            boolean print = true;
            while (System.nanoTime() < end) {
                m.setState(m.initialState());
                while (!m.isTerminal()) {
                    if (print) {
                        StringBuilder sb = new StringBuilder();
                        for (int f : m.currentState().facts()) sb.append(m.fact(f).render(game.symbols())).append(' ');
                        System.out.println(sb);
                    }
                    for (int r = 0; r < joint.length; r++) {
                        int n = m.legalCount(r);
                        joint[r] = m.legalMove(r, random.nextInt(n));
                        if (print) System.out.println("  " + m.role(r).render(game.symbols()) + " " + n + " -> " + m.move(joint[r]).render(game.symbols()));
                    }
                    m.advance(joint);
                    states++;
                }
                if (print) {
                    for (int r = 0; r < joint.length; r++) System.out.println("goal " + m.goal(r));
                }
                print = false;
                playouts++;
            }
            System.out.println(name + ": " + states / 3 + " states/s, " + playouts / 3 + " playouts/s");
        }
    }
}
