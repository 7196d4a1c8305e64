package org.ratchet.reasoner.play;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.SymbolTable;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * Writes random playouts of a machine in the JSON-lines trace format of ../shared/TRACE.md: one record per
 * state, terms in canonical KIF, arrays sorted by code point, role keys in declaration order, {@code goals}
 * only on terminal records, {@code joint} only on non-terminal ones, and a dead end written without
 * {@code joint}. The same seed gives the same trace with every engine: each role's move is drawn from its
 * legal moves in canonical order (sorted renderings), not in the engine's own order.
 */
public final class TraceWriter {
    private static final Logger LOG = LogManager.getLogger(TraceWriter.class);

    private final StateMachine machine;
    private final SymbolTable symbols;
    private final Appendable out;
    private final String[] roleNames;
    private final StringBuilder line = new StringBuilder(1024);

    public TraceWriter(StateMachine machine, Appendable out) {
        this.machine = machine;
        this.symbols = machine.description().symbols();
        this.out = out;
        this.roleNames = new String[machine.roleCount()];
        for (int r = 0; r < roleNames.length; r++) {
            roleNames[r] = machine.role(r).render(symbols);
        }
    }

    /**
     * Writes {@code count} playouts with ids 0..count-1 from the initial state, the joint moves drawn from
     * one random stream seeded with {@code seed}. A playout still running after {@code maxSteps} joint moves
     * is cut after its last record (which keeps its joint move) and reported in the log; a checker will
     * count it as stopped early. Returns the number of playouts cut that way.
     */
    public int write(int count, long seed, int maxSteps) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        int[] jointMove = new int[machine.roleCount()];
        int cut = 0;
        for (int playout = 0; playout < count; playout++) {
            machine.setState(machine.initialState());
            for (int step = 0; ; step++) {
                boolean terminal = machine.isTerminal();
                boolean moved = !terminal && chooseJointMove(random, jointMove);
                writeRecord(playout, step, terminal, moved ? jointMove : null);
                if (!moved) {
                    break;
                }
                if (step >= maxSteps) {
                    LOG.warn("playout {} reached the step bound of {} joint moves and is cut", playout, maxSteps);
                    cut++;
                    break;
                }
                machine.advance(jointMove);
            }
        }
        return cut;
    }

    /**
     * Fills {@code jointMove} with a uniformly random legal move per role, indexed in canonical order; returns
     * false if some role has no legal move (a dead end).
     */
    private boolean chooseJointMove(SplittableRandom random, int[] jointMove) {
        for (int r = 0; r < jointMove.length; r++) {
            int count = machine.legalCount(r);
            if (count == 0) {
                return false;
            }
            Integer[] order = new Integer[count];
            String[] rendered = new String[count];
            for (int i = 0; i < count; i++) {
                order[i] = machine.legalMove(r, i);
                rendered[i] = machine.move(order[i]).render(symbols);
            }
            Integer[] byRendering = new Integer[count];
            for (int i = 0; i < count; i++) {
                byRendering[i] = i;
            }
            Arrays.sort(byRendering, (a, b) -> compareCodePoints(rendered[a], rendered[b]));
            jointMove[r] = order[byRendering[random.nextInt(count)]];
        }
        return true;
    }

    /** One record for the machine's current state; {@code jointMove} is null at terminal states and dead ends. */
    private void writeRecord(int playout, int step, boolean terminal, int[] jointMove) throws IOException {
        line.setLength(0);
        line.append("{\"playout\":").append(playout).append(",\"step\":").append(step).append(",\"state\":");
        // one snapshot per record: engines build currentState() afresh on each call
        State state = machine.currentState();
        String[] facts = new String[state.size()];
        for (int i = 0; i < facts.length; i++) {
            facts[i] = machine.fact(state.fact(i)).render(symbols);
        }
        appendSortedArray(facts);
        line.append(",\"legal\":{");
        for (int r = 0; r < roleNames.length; r++) {
            String[] moves = new String[machine.legalCount(r)];
            for (int i = 0; i < moves.length; i++) {
                moves[i] = machine.move(machine.legalMove(r, i)).render(symbols);
            }
            appendKey(r);
            appendSortedArray(moves);
        }
        line.append("},\"terminal\":").append(terminal);
        if (terminal) {
            line.append(",\"goals\":{");
            for (int r = 0; r < roleNames.length; r++) {
                appendKey(r);
                line.append(machine.goal(r));
            }
            line.append('}');
        } else if (jointMove != null) {
            line.append(",\"joint\":{");
            for (int r = 0; r < roleNames.length; r++) {
                appendKey(r);
                appendString(line, machine.move(jointMove[r]).render(symbols));
            }
            line.append('}');
        }
        line.append("}\n");
        out.append(line);
    }

    private void appendKey(int role) {
        if (role > 0) {
            line.append(',');
        }
        appendString(line, roleNames[role]).append(':');
    }

    private void appendSortedArray(String[] strings) {
        Arrays.sort(strings, TraceWriter::compareCodePoints);
        line.append('[');
        for (int i = 0; i < strings.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            appendString(line, strings[i]);
        }
        line.append(']');
    }

    /** Appends {@code text} as a JSON string literal, quotes included (Jackson's escaping, no allocation). */
    static StringBuilder appendString(StringBuilder out, String text) {
        out.append('"');
        JsonStringEncoder.getInstance().quoteAsString(text, out);
        return out.append('"');
    }

    /** Orders strings by Unicode code point, as TRACE.md asks (String.compareTo compares UTF-16 units). */
    public static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
