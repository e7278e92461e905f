package dev.tatter.frontend.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * What {@code tatter --version} prints: the {@code Implementation-Version} of the jar the tool runs
 * from, or, run from a classes directory (tests, an IDE), the version Maven wrote into
 * {@code version.properties} at build time.
 */
public final class VersionProvider implements CommandLine.IVersionProvider {
  /** Creates the provider picocli calls. */
  public VersionProvider() {}

  /** The tool's version, as in its jar manifest (or the build's properties file). */
  public static String version() {
    String fromManifest = TatterCommand.class.getPackage().getImplementationVersion();
    if (fromManifest != null) {
      return fromManifest;
    }
    try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"tatter " + version(), "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
  }
}
