package io.streamgauge.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The shell commands a user copies from the docs: the lines of the fenced code blocks of the
 * README, the docs' pages (but the generated reference) and the chart's README, continuation lines
 * joined, comments cut, split into words as a shell would split them. Tests check them against the
 * CLI, the Makefile and a real API server, so that no command the docs give can drift from what
 * runs.
 */
public final class DocsCodeBlocks {

  private DocsCodeBlocks() {}

  /** A line of a fenced code block: where it is ({@code file:line}) and its text, stripped. */
  public record Line(String where, String text) {}

  /**
   * A command of a page: where it starts, its text (continuations joined, comment cut) and its
   * shell words up to the first pipe, redirection or command separator.
   */
  public record Command(String where, String text, List<String> words) {

    /** The words after the program (and after {@code sudo}, when the page runs it so). */
    public List<String> arguments() {
      int program = !words.isEmpty() && "sudo".equals(words.get(0)) ? 1 : 0;
      return words.subList(Math.min(program + 1, words.size()), words.size());
    }

    /** The program the command runs ({@code sudo} skipped), or empty for an empty line. */
    public String program() {
      int program = !words.isEmpty() && "sudo".equals(words.get(0)) ? 1 : 0;
      return words.size() > program ? words.get(program) : "";
    }
  }

  /**
   * README.md, every page of docs/ but the generated reference (the CLI's own help, the CRDs'
   * fields) and the chart's README, in that order.
   */
  public static List<Path> pages() {
    Path repo = RepoFiles.repoDir();
    List<Path> pages = new ArrayList<>(List.of(repo.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(repo.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> !p.startsWith(repo.resolve("docs/reference")))
          .sorted()
          .forEach(pages::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    pages.add(repo.resolve("charts/streamgauge/README.md"));
    pages.add(repo.resolve("charts/kafka-single-node/README.md"));
    return pages;
  }

  /** The lines of {@code page}'s fenced code blocks. */
  public static List<Line> codeLines(Path page) {
    List<String> lines;
    try {
      lines = Files.readAllLines(page);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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

  /** Every command of {@code page}'s fenced code blocks, in the page's order. */
  public static List<Command> commands(Path page) {
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
      String text = withoutComment(joined.toString());
      if (!text.isEmpty()) {
        commands.add(new Command(first.where(), text, words(text)));
      }
    }
    return commands;
  }

  /** The line up to a shell comment ({@code #} after a space, outside quotes). */
  static String withoutComment(String line) {
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '#' && (i == 0 || line.charAt(i - 1) == ' ')) {
        return line.substring(0, i).strip();
      }
    }
    return line.strip();
  }

  /** The shell words of {@code text}, quotes removed, up to a pipe or a redirection. */
  public static List<String> words(String text) {
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
