package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.tensorflow.TensorFlow;

/**
 * The oracle's precondition, checked on its own: TF's native library loads on this machine.
 * Without it every oracle test fails with a linkage error deep in its stack trace; this test
 * fails with one plain sentence that .ci/run looks for and repeats. Never skipped: an oracle
 * that cannot run must not pass.
 */
class TfNativeLibraryTest {
  /** The words .ci/run searches the oracle's output for. */
  static final String NOT_LOADED = "TF NATIVE LIBRARY DID NOT LOAD";

  @Test
  void tfNativeLibrary_loads_andIsTheVersionTheOracleWasWrittenFor() {
    String version;
    try {
      version = TensorFlow.version();
    } catch (Throwable e) { // UnsatisfiedLinkError, ExceptionInInitializerError, NoClassDefFoundError
      fail(NOT_LOADED + " on " + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
          + " (Java " + System.getProperty("java.version") + "): the -Ptf oracle cannot compare Tatter with TF here: " + e, e);
      return;
    }
    // TF Java 1.1.0 bundles TF 2.18; the oracle's expected behaviours were read against it
    assertTrue(version.startsWith("2.18"), "TF Java 1.1.0 should bundle TF 2.18, found " + version);
  }
}
