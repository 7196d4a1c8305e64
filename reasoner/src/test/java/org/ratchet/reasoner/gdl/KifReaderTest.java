package org.ratchet.reasoner.gdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KifReaderTest {

    @Test
    void readsListsTokensAndComments() throws GdlException {
        List<SExpr> read = KifReader.read("; rules\n(role x) (<= terminal\n  (true (done))) ; end\nfoo");
        assertEquals(3, read.size());
        assertEquals("(<= terminal (true (done)))", read.get(1).toString());
        assertEquals(2, read.get(1).line());
        assertEquals("foo", read.get(2).toString());
    }

    /**
     * {@code \n}, {@code \r\n} and a lone {@code \r} (old Mac files) all end a line: a comment stops there,
     * and line numbers, in positions and in errors, count each line end once.
     */
    @ParameterizedTest
    @ValueSource(strings = {"\n", "\r\n", "\r"})
    void everyLineEndEndsCommentsAndCountsOneLine(String end) throws GdlException {
        String text = String.join(end, "; a comment", "(role x) ; another", "", "(<= terminal", "  (true done))");
        List<SExpr> read = KifReader.read(text);
        assertEquals(2, read.size(), read.toString());
        assertEquals("(role x)", read.get(0).toString());
        assertEquals(2, read.get(0).line());
        assertEquals("(<= terminal (true done))", read.get(1).toString());
        assertEquals(4, read.get(1).line());

        GdlException unclosed = assertThrows(GdlException.class,
            () -> KifReader.read(String.join(end, "(a)", "; (", "(b", "(c)")));
        assertEquals(3, unclosed.line());
    }

    @Test
    void reportsUnbalancedParenthesesWithTheirLine() {
        GdlException unopened = assertThrows(GdlException.class, () -> KifReader.read("(a)\n)"));
        assertEquals(2, unopened.line());
        GdlException unclosed = assertThrows(GdlException.class, () -> KifReader.read("(a)\n(b (c)"));
        assertTrue(unclosed.getMessage().contains("never closed"), unclosed.getMessage());
        assertEquals(2, unclosed.line());
    }

    /**
     * Nesting up to the limit is read (and can be rendered); deeper nesting is refused while reading, before
     * anything that recurses over the lists could overflow the stack.
     */
    @Test
    void refusesNestingDeeperThanTheLimit() throws GdlException {
        int limit = KifReader.MAX_DEPTH;
        SExpr deepest = KifReader.read("(".repeat(limit) + "x" + ")".repeat(limit)).get(0);
        assertEquals(2 * limit + 1, deepest.toString().length());

        for (int depth : new int[] {limit + 1, 100_000, 1_000_000}) {
            String text = "(".repeat(depth) + ")".repeat(depth);
            GdlException error = assertThrows(GdlException.class, () -> KifReader.read(text));
            assertEquals("line 1: lists nested more than 1000 levels deep", error.getMessage());
        }
    }
}
