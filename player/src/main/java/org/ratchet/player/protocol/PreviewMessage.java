package org.ratchet.player.protocol;

import java.util.List;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * {@code (preview (RULES...) PREVIEWCLOCK)}: the rules of a coming match, so the player may prepare before
 * the match starts. The player answers {@code ready} within the preview clock.
 *
 * @param rules the rule sheet as read, one entry per top-level rule
 * @param previewClockMillis the preview clock (the message gives it in seconds)
 */
public record PreviewMessage(List<SExpr> rules, long previewClockMillis) implements Message {
    public PreviewMessage {
        rules = List.copyOf(rules);
    }

    @Override
    public String kind() {
        return "preview";
    }

    @Override
    public String matchId() {
        return null;
    }

    @Override
    public String render() {
        return "(preview " + Kif.renderList(rules) + " " + Kif.renderSeconds(previewClockMillis) + ")";
    }
}
