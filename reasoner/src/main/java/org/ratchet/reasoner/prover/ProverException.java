package org.ratchet.reasoner.prover;

/**
 * A game whose rules cannot be evaluated as GDL by the prover, found while proving (e.g. a negated literal
 * that is still unbound at the end of its rule, or a goal value that is not a number). The message names
 * the rule or query concerned.
 */
public class ProverException extends RuntimeException {
    public ProverException(String message) {
        super(message);
    }
}
