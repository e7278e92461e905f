package dev.tatter.runtime.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.text.SentencepieceModel;
import dev.tatter.runtime.kernels.text.WordpieceVocabulary;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one input limit: files are counted as read, so a device without a size is refused at the limit too. */
class InputLimitTest {
  private static final Path DEV_ZERO = Path.of("/dev/zero");
  @TempDir Path dir;
  private String previous;

  @BeforeEach
  void setLimit() {
    previous = System.setProperty(InputLimit.PROPERTY, "16");
  }

  @AfterEach
  void restoreLimit() {
    if (previous == null) {
      System.clearProperty(InputLimit.PROPERTY);
    } else {
      System.setProperty(InputLimit.PROPERTY, previous);
    }
  }

  @Test
  void readAll_takesTheLimitExactly_andRefusesOneByteMore() throws IOException {
    Path exact = Files.write(dir.resolve("exact"), new byte[16]);
    Path over = Files.write(dir.resolve("over"), new byte[17]);
    assertArrayEquals(new byte[16], InputLimit.readAll(exact, "f"));
    InputLimit.Refused e = assertThrows(InputLimit.Refused.class, () -> InputLimit.readAll(over, "the file " + over));
    assertEquals("the file " + over + " is larger than the input limit of 16 bytes (set -Dtatter.maxInputBytes=N to change it)",
        e.getMessage());
    e = assertThrows(InputLimit.Refused.class, () -> InputLimit.readAll(dir, "d"));
    assertEquals("d is a directory, not a file", e.getMessage());
  }

  @Test
  void limited_refusesOnceTheStreamPassesTheLimit() throws IOException {
    try (InputStream in = InputLimit.limited(new ByteArrayInputStream(new byte[16]), "s")) {
      assertEquals(16, in.readAllBytes().length);
    }
    InputStream over = InputLimit.limited(new ByteArrayInputStream(new byte[17]), "s");
    IOException e = assertThrows(IOException.class, over::readAllBytes);
    assertTrue(e.getMessage().startsWith("s is larger than the input limit of 16 bytes"), e.getMessage());
  }

  @Test
  void textEngineFiles_fromDevZero_areRefusedAtTheLimit_notReadToTheEnd() {
    if (!Files.isReadable(DEV_ZERO)) {
      return; // not a Unix machine: the regular-file cases above cover the limit
    }
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> WordpieceVocabulary.read(DEV_ZERO));
    assertTrue(e.getMessage().contains("the vocabulary file /dev/zero is larger than the input limit of 16 bytes"), e.getMessage());
    e = assertThrows(InvalidArgumentException.class, () -> SentencepieceModel.read(DEV_ZERO));
    assertTrue(e.getMessage().contains("the SentencePiece model file /dev/zero is larger than the input limit of 16 bytes"),
        e.getMessage());
  }
}
