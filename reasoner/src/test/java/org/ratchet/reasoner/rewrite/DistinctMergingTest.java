package org.ratchet.reasoner.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.Rule;

/** The pass alone; hsfc's HsfcEngineTest plays {@link #MARKED_CELLS} compiled. */
public class DistinctMergingTest {
    /**
     * Marking a cell keeps every other cell: the frame rule's or of two distincts is split by the normal
     * form and joined again here. The flag rule's options differ in more than a distinct.
     */
    public static final String MARKED_CELLS = """
        (role p) (index 1) (index 2)
        (<= (init (cell ?m ?n)) (index ?m) (index ?n))
        (init flag)
        (<= (legal p (mark ?m ?n)) (true (cell ?m ?n)))
        (<= (next (cell ?m ?n)) (does p (mark ?j ?k)) (true (cell ?m ?n)) (or (distinct ?m ?j) (distinct ?n ?k)))
        (<= (next flag) (does p (mark ?j ?k)) (true flag) (or (distinct ?j 1) (true (cell 2 2))))
        (<= terminal (not (true (cell 1 1))))
        (goal p 100)
        """;

    @Test
    void optionsThatDifferInOneDistinctEachBecomeOneRuleAgain() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(MARKED_CELLS));
        List<Rule> merged = new DistinctMerging().apply(game.rules());

        // the two options of the cell rule become one; the flag rule's options differ in more than a distinct
        assertEquals(game.rules().size() - 1, merged.size());
        List<String> next = merged.stream().map(rule -> rule.render(game.symbols()))
            .filter(rule -> rule.startsWith("(<= (next")).toList();
        assertEquals(List.of(
            "(<= (next (cell ?m ?n)) (does p (mark ?j ?k)) (true (cell ?m ?n)) (or (distinct ?m ?j) (distinct ?n ?k)))",
            "(<= (next flag) (does p (mark ?j ?k)) (true flag) (distinct ?j 1))",
            "(<= (next flag) (does p (mark ?j ?k)) (true flag) (true (cell 2 2)))"), next);
    }

    @Test
    void rulesFromDifferentLinesAreNeverJoined() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load("""
            (role p) (index 1) (index 2)
            (<= (legal p (go ?m)) (index ?m) (distinct ?m 1))
            (<= (legal p (go ?m)) (index ?m) (distinct ?m 2))
            (<= terminal (index 3))
            (goal p 100)
            """));
        assertEquals(game.rules(), new DistinctMerging().apply(game.rules()));
    }
}
