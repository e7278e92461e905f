package dev.tatter.ir;

/**
 * A small graph in the textual IR that uses an op, and what its output prints as (TF's printed
 * result where the seed pages give one). Every op carries at least one; the op coverage test
 * runs each through the parser, printer, interpreter and bytecode, and docs/OPS.md shows them.
 */
public record OpExample(String ir, String expected) {}
