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
}
