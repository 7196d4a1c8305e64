package org.ratchet.reasoner.gdl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SymbolTableTest {
    /** Goal values and counts are read as numerals by every engine and by the learned evaluation alike. */
    @Test
    void numeralsAreDecimalDigitsOnly() {
        SymbolTable symbols = new SymbolTable();
        assertEquals(0, symbols.numeral(symbols.intern("0")));
        assertEquals(100, symbols.numeral(symbols.intern("100")));
        assertEquals(7, symbols.numeral(symbols.intern("007")));
        assertEquals(123_456_789, symbols.numeral(symbols.intern("123456789")));
        for (String none : new String[] {"+5", "-5", "1a", "a1", "x", "1.5", "1234567890", "goal"}) {
            assertEquals(-1, symbols.numeral(symbols.intern(none)), none);
        }
    }
}
