package dev.tatter.codegen;

import dev.tatter.codegen.testing.ExecCases;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The execution cases under {@code src/test/resources/exec/<area>/<case>.tat}: IR in, feeds,
 * the values TF computes out, run by the interpreter and by the verified bytecode (see
 * {@link ExecCases} for the format). No optimizer runs: fused nodes are written in the IR.
 */
class ExecCaseTest {
  @TestFactory
  Stream<DynamicTest> execCases() {
    return ExecCases.under(Path.of("src/test/resources/exec"));
  }
}
