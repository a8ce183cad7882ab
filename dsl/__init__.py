"""The card language: textX grammars, the compiler to effect objects, errors, the lexer."""
