package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Makefile as the README uses it: {@code make demo}'s options of the user's own keep the demo's
 * short windows, a Prometheus named by {@code PROMETHEUS_BIN} is used rather than apt's (what
 * {@code make -n} would run, and the prometheus target itself, which installs nothing here), and
 * the streamgauge command is rebuilt when any module it packs changed.
 */
class MakefileTest {

  private record Made(int exit, String output) {}

  private static Made make(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("make", "--no-print-directory"));
    command.addAll(List.of(args));
    Process make =
        new ProcessBuilder(command)
            .directory(RepoFiles.repoDir().toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(make.getInputStream().readAllBytes());
    assertThat(make.waitFor(60, TimeUnit.SECONDS)).as("make ended").isTrue();
    return new Made(make.exitValue(), output);
  }

  @Test
  void optionsOfTheUsersOwnKeepTheDemosShortWindows() throws Exception {
    Made dryRun =
        make(
            "-n",
            "demo",
            "DEMO_SPEC=examples/run-stateless-simple-alo.yaml",
            "DEMO_ARGS=--rate-scale 0.05",
            "PROMETHEUS_BIN=/bin/true");

    assertThat(dryRun.output())
        .contains(
            "run --local examples/run-stateless-simple-alo.yaml --catch-up 1m --warmup 30s"
                + " --measurement 60s --rate-scale 0.05");
  }

  @Test
  void prometheusBinIsHonouredAndABadOneSaidInOneLine() throws Exception {
    Made honoured = make("prometheus", "PROMETHEUS_BIN=/bin/true");
    Made bad = make("prometheus", "PROMETHEUS_BIN=/nonexistent/prometheus");

    assertThat(honoured.exit()).as(honoured.output()).isZero();
    assertThat(honoured.output()).contains("/bin/true (PROMETHEUS_BIN)").doesNotContain("apt");
    assertThat(bad.exit()).isNotZero();
    assertThat(bad.output())
        .contains("PROMETHEUS_BIN=/nonexistent/prometheus is not an executable file");
  }

  /**
   * {@code CLI_SOURCES} names every module the command packs: those cli/pom.xml depends on outside
   * the test scope, and theirs in turn. A module left out would leave a stale command after an edit
   * there.
   */
  @Test
  void theCommandIsRebuiltWhenAnyModuleItPacksChanged() throws Exception {
    Matcher sources =
        Pattern.compile("(?m)^CLI_SOURCES\\s*:=\\s*\\$\\(shell find (.*?)\\\\$")
            .matcher(Files.readString(RepoFiles.repoDir().resolve("Makefile")));
    assertThat(sources.find()).as("CLI_SOURCES in the Makefile").isTrue();
    List<String> named = List.of(sources.group(1).trim().split("\\s+"));

    assertThat(named).containsAll(packed("cli"));
  }

  /** {@code module} and the modules it depends on outside the test scope, transitively. */
  private static Set<String> packed(String module) throws IOException {
    Set<String> modules = new TreeSet<>(List.of(module));
    Pattern dependency =
        Pattern.compile(
            "<dependency>\\s*<groupId>io\\.streamgauge</groupId>\\s*"
                + "<artifactId>streamgauge-([a-z-]+)</artifactId>(.*?)</dependency>",
            Pattern.DOTALL);
    Matcher m =
        dependency.matcher(Files.readString(RepoFiles.repoDir().resolve(module + "/pom.xml")));
    while (m.find()) {
      if (!m.group(2).contains("<scope>test</scope>")) {
        modules.addAll(packed(m.group(1)));
      }
    }
    return modules;
  }

  /**
   * After {@code sudo make images} the build directories it wrote go back to the user who ran sudo
   * (here as root with SUDO_UID set, on a directory of this test's own), so {@code make cli} as
   * that user works; without sudo nothing changes hands.
   */
  @Test
  void whatSudoBuiltGoesBackToTheUserWhoRanIt(@TempDir Path dir) throws Exception {
    Path target = Files.createDirectories(dir.resolve("target/classes"));
    Files.writeString(target.resolve("A.class"), "");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "chown needs root, as sudo make images has");

    Made plain = make("give-back", "GIVE_BACK=" + dir.resolve("target"));
    Made sudo =
        make("give-back", "GIVE_BACK=" + dir.resolve("target"), "SUDO_UID=65534", "SUDO_GID=65534");

    assertThat(plain.output()).doesNotContain("gave");
    assertThat(sudo.exit()).as(sudo.output()).isZero();
    assertThat(sudo.output()).contains("back to uid 65534");
    assertThat(Files.getAttribute(target.resolve("A.class"), "unix:uid")).isEqualTo(65534);
  }
}
