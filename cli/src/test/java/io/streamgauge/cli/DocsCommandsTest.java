package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.DocsCodeBlocks;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code streamgauge} command in the README's and the docs' code blocks parses as the CLI
 * parses it (its subcommand and options exist, its values convert), and every example file it names
 * exists: a renamed option or example cannot leave a command in the docs that fails. Running them
 * is the E2E tests' job; this catches the drift between those and the prose.
 */
class DocsCommandsTest {

  /** The ways the docs start the CLI. */
  private static final Pattern COMMAND =
      Pattern.compile(
          "^(?:cli/target/streamgauge/bin/streamgauge|streamgauge|\\$S|kubectl streamgauge)\\s+(.*)$");

  private static final Pattern EXAMPLE = Pattern.compile("examples/[A-Za-z0-9._-]+\\.ya?ml");

  @Test
  void everyCommandInTheDocsParsesAndNamesExamplesThatExist() throws IOException {
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (Path page : DocsCodeBlocks.pages()) {
      for (DocsCodeBlocks.Command command : DocsCodeBlocks.commands(page)) {
        Matcher cli = COMMAND.matcher(command.text());
        if (!cli.matches()) {
          continue;
        }
        checked++;
        try {
          Main.commandLine().parseArgs(DocsCodeBlocks.words(cli.group(1)).toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
          problems.add(command.where() + ": " + command.text() + ": " + e.getMessage());
        }
        Matcher example = EXAMPLE.matcher(command.text());
        while (example.find()) {
          if (!Files.exists(RepoFiles.repoDir().resolve(example.group()))) {
            problems.add(command.where() + ": " + example.group() + " does not exist");
          }
        }
      }
    }
    assertThat(checked).as("commands found in the docs' code blocks").isGreaterThan(10);
    assertThat(problems).isEmpty();
  }

  @Test
  void everyMakeTargetInTheDocsExists() throws IOException {
    String makefile = Files.readString(RepoFiles.repoDir().resolve("Makefile"));
    Pattern make = Pattern.compile("^(?:sudo )?make ([a-z][a-z0-9-]*)");
    List<String> missing = new ArrayList<>();
    int checked = 0;
    for (Path page : DocsCodeBlocks.pages()) {
      for (DocsCodeBlocks.Line line : DocsCodeBlocks.codeLines(page)) {
        Matcher m = make.matcher(line.text());
        if (m.find()) {
          checked++;
          if (!Pattern.compile("(?m)^" + Pattern.quote(m.group(1)) + ":")
              .matcher(makefile)
              .find()) {
            missing.add(line.where() + ": make " + m.group(1));
          }
        }
      }
    }
    assertThat(checked).as("make commands found in the docs' code blocks").isGreaterThan(3);
    assertThat(missing).as("make targets the docs name that the Makefile does not have").isEmpty();
  }

  /**
   * The cluster commands a newcomer copies do what the page says when typed as written: every
   * {@code kubectl wait} has a {@code --timeout} (kubectl's default is 30 s, a run takes minutes)
   * and none waits for the Gate condition (it never comes True on a failed gate: wait for Ended,
   * then read Gate); a chart from a Helm repository is installed after its {@code helm repo add};
   * and where a page installs kube-prometheus-stack, the Streamgauge chart it installs turns on the
   * ServiceMonitor and the dashboards, without which the Grafana dashboards stay empty.
   */
  @Test
  void everyClusterCommandWorksAsWrittenInTheOrderOfItsPage() throws IOException {
    List<String> problems = new ArrayList<>();
    int waits = 0;
    for (Path page : DocsCodeBlocks.pages()) {
      for (String wait : kubectlWaits(page)) {
        waits++;
        if (!wait.contains("--timeout")) {
          problems.add(page.getFileName() + ": no --timeout (kubectl's is 30 s): " + wait);
        }
        if (wait.contains("condition=Gate")) {
          problems.add(page.getFileName() + ": waits for Gate, never True on a failure: " + wait);
        }
      }
      List<String> reposAdded = new ArrayList<>();
      boolean prometheusStack = false;
      for (DocsCodeBlocks.Command command : DocsCodeBlocks.commands(page)) {
        List<String> args = command.arguments();
        if (!command.program().equals("helm") || args.size() < 3) {
          continue;
        }
        if (args.get(0).equals("repo") && args.get(1).equals("add")) {
          reposAdded.add(args.get(2));
        } else if (args.get(0).equals("install")) {
          String chart = args.get(2);
          boolean fromRepo =
              !chart.startsWith("oci://") && !chart.startsWith("charts/") && chart.contains("/");
          if (fromRepo && !reposAdded.contains(chart.substring(0, chart.indexOf('/')))) {
            problems.add(command.where() + ": " + chart + " before its `helm repo add`");
          }
          prometheusStack |= chart.endsWith("/kube-prometheus-stack");
          if (chart.equals("charts/streamgauge") && prometheusStack) {
            for (String needed :
                List.of("metrics.serviceMonitor.enabled=true", "dashboards.enabled=true")) {
              if (!command.text().contains(needed)) {
                problems.add(
                    command.where() + ": the chart beside kube-prometheus-stack lacks " + needed);
              }
            }
          }
        }
      }
    }
    assertThat(waits).as("kubectl waits found in the docs").isGreaterThan(3);
    assertThat(problems).isEmpty();
  }

  /** Every {@code kubectl wait} of a page: in its code blocks and in its inline code spans. */
  private static List<String> kubectlWaits(Path page) throws IOException {
    List<String> waits = new ArrayList<>();
    for (DocsCodeBlocks.Command command : DocsCodeBlocks.commands(page)) {
      if (command.program().equals("kubectl")
          && !command.arguments().isEmpty()
          && command.arguments().get(0).equals("wait")) {
        waits.add(command.text());
      }
    }
    String prose = Files.readString(page).replaceAll("(?s)```.*?```", "").replace('\n', ' ');
    Matcher span = Pattern.compile("`(kubectl\\s+wait\\s[^`]*--for[^`]*)`").matcher(prose);
    while (span.find()) {
      waits.add(span.group(1));
    }
    return waits;
  }
}
