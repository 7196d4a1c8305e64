package org.ratchet.reasoner.gdl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Reads KIF text into s-expressions: {@code ;} comments to the end of the line, any whitespace and line
 * layout, parentheses and tokens (everything else up to whitespace, a parenthesis or a comment).
 * Unbalanced parentheses are reported with the line where the problem is.
 *
 * <p>A line ends at {@code \n}, at {@code \r\n} or at a lone {@code \r}: rule sheets saved on old Macs
 * use the last, and reading them as one line would let the first comment swallow the whole file.
 */
public final class KifReader {
    /**
     * Deepest list nesting accepted. Real games nest a few levels (a rule, a sentence, a function term);
     * everything after reading (rendering, parsing into terms, grounding) recurses over the nesting, so
     * absurd depths, as in hostile protocol messages, are refused here rather than overflowing the stack.
     */
    public static final int MAX_DEPTH = 1000;

    private KifReader() {
    }

    public static List<SExpr> read(String text) throws GdlException {
        List<SExpr> topLevel = new ArrayList<>();
        Deque<List<SExpr>> open = new ArrayDeque<>();
        Deque<Integer> openLines = new ArrayDeque<>();
        int line = 1;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (isLineEnd(c)) {
                line++;
                i += lineEndLength(text, i);
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == ';') {
                while (i < n && !isLineEnd(text.charAt(i))) {
                    i++;
                }
            } else if (c == '(') {
                if (open.size() == MAX_DEPTH) {
                    throw new GdlException("lists nested more than " + MAX_DEPTH + " levels deep", line);
                }
                open.push(new ArrayList<>());
                openLines.push(line);
                i++;
            } else if (c == ')') {
                if (open.isEmpty()) {
                    throw new GdlException("unbalanced ')' with no matching '('", line);
                }
                SExpr list = new SExpr.ListExpr(open.pop(), openLines.pop());
                (open.isEmpty() ? topLevel : open.peek()).add(list);
                i++;
            } else {
                int start = i;
                while (i < n && !isDelimiter(text.charAt(i))) {
                    i++;
                }
                SExpr token = new SExpr.Token(text.substring(start, i), line);
                (open.isEmpty() ? topLevel : open.peek()).add(token);
            }
        }
        if (!open.isEmpty()) {
            throw new GdlException("'(' opened here is never closed", openLines.peek());
        }
        return topLevel;
    }

    private static boolean isLineEnd(char c) {
        return c == '\n' || c == '\r';
    }

    /** Characters of the line end at {@code i}: two for {@code \r\n}, which ends one line, not two. */
    private static int lineEndLength(String text, int i) {
        return text.charAt(i) == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
    }

    private static boolean isDelimiter(char c) {
        return c == '(' || c == ')' || c == ';' || Character.isWhitespace(c);
    }
}
