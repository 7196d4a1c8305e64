package org.ratchet.reasoner.rewrite;

import java.util.List;
import org.ratchet.reasoner.gdl.Rule;

/**
 * One rewrite of the rules a forward chainer evaluates: rules in, rules out, deriving the same facts for
 * the relations the players read. A pass gets what else it needs (strata, chosen fluent parts) when it is
 * made; {@link Passes} holds the one order they run in.
 */
public interface Pass {

    /** The rewritten rules, a new list; {@code rules} is left as it is. */
    List<Rule> apply(List<Rule> rules);
}
