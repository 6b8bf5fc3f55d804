package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
    for (Path page : pages()) {
      for (Command command : commands(page)) {
        checked++;
        try {
          Main.commandLine().parseArgs(command.args().toArray(String[]::new));
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
    for (Path page : pages()) {
      for (Line line : codeLines(page)) {
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

  /** A command of a page: where it is, as written, and its arguments after the program. */
  record Command(String where, String text, List<String> args) {}

  /** README.md and every page of docs/ but the generated reference (the CLI's own help). */
  private static List<Path> pages() throws IOException {
    Path repo = RepoFiles.repoDir();
    List<Path> pages = new ArrayList<>(List.of(repo.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(repo.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> !p.startsWith(repo.resolve("docs/reference")))
          .sorted()
          .forEach(pages::add);
    }
    return pages;
  }

  /** A line of a fenced code block: where it is and its text, stripped. */
  record Line(String where, String text) {}

  /** The lines of {@code page}'s fenced code blocks. */
  private static List<Line> codeLines(Path page) throws IOException {
    List<String> lines = Files.readAllLines(page);
    List<Line> code = new ArrayList<>();
    boolean inBlock = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.startsWith("```")) {
        inBlock = !inBlock;
      } else if (inBlock) {
        code.add(new Line(RepoFiles.repoDir().relativize(page) + ":" + (i + 1), line));
      }
    }
    return code;
  }

  /** The CLI commands in {@code page}'s fenced code blocks, continuation lines joined. */
  static List<Command> commands(Path page) throws IOException {
    List<Line> lines = codeLines(page);
    List<Command> commands = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Line first = lines.get(i);
      String line = first.text();
      StringBuilder joined = new StringBuilder();
      while (line.endsWith("\\") && i + 1 < lines.size()) {
        joined.append(line, 0, line.length() - 1).append(' ');
        line = lines.get(++i).text();
      }
      joined.append(line);
      Matcher m = COMMAND.matcher(withoutComment(joined.toString()));
      if (m.matches()) {
        commands.add(new Command(first.where(), m.group(0), words(m.group(1))));
      }
    }
    return commands;
  }

  /** The line up to a shell comment ({@code #} after a space, outside quotes). */
  private static String withoutComment(String line) {
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '#' && i > 0 && line.charAt(i - 1) == ' ') {
        return line.substring(0, i).strip();
      }
    }
    return line.strip();
  }

  /** The shell words of {@code text}, quotes removed, up to a pipe or a redirection. */
  private static List<String> words(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    char quote = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else if ((c == '|' || c == '>' || c == '&' || c == ';') && !inWord) {
        break;
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
