package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.RepoFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Windows launcher starts the command as the Linux and macOS one does: the same main class, the
 * same JVM options, the distribution's home and lib/ (no machine here runs it; what it starts, a
 * JVM with no tool beside it, is {@code ResultsFetchIT}'s).
 */
class LaunchersTest {

  private static final Path BIN = RepoFiles.repoDir().resolve("cli/src/main/dist/bin");

  @Test
  void theWindowsLauncherStartsWhatTheShellLauncherStarts() throws Exception {
    String shell = Files.readString(BIN.resolve("streamgauge"));
    String windows = Files.readString(BIN.resolve("streamgauge.cmd"));

    for (String same :
        List.of(
            "-Xmx256m", "-XX:+UseSerialGC", "STREAMGAUGE_JAVA_OPTS", "io.streamgauge.cli.Main")) {
      assertThat(shell).contains(same);
      assertThat(windows).contains(same);
    }
    assertThat(jvmOptions(shell)).isEqualTo(jvmOptions(windows));
    assertThat(windows)
        .contains("-Dstreamgauge.home=%home%", "\\lib\\*", "JAVA_HOME")
        .as("CRLF line ends, as cmd.exe reads them")
        .contains("\r\n");
  }

  /** The -X and -XX options a launcher gives the JVM, in order. */
  private static List<String> jvmOptions(String launcher) {
    Matcher m = Pattern.compile("-XX?[:+A-Za-z0-9]+").matcher(launcher);
    return m.results().map(r -> r.group()).toList();
  }
}
