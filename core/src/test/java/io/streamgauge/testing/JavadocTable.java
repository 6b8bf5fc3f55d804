package io.streamgauge.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the Javadoc of each constant of a source file (an enum's values, a class's {@code static
 * final} fields), for reference pages generated from the code: the comment a developer keeps beside
 * the constant is the text a user reads.
 */
public final class JavadocTable {

  private static final Pattern DOCUMENTED =
      Pattern.compile(
          "/\\*\\*((?:(?!\\*/).)*)\\*/\\s*(?:public\\s+static\\s+final\\s+\\w+\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*[,;=(}]",
          Pattern.DOTALL);

  private JavadocTable() {}

  /**
   * Each documented constant of {@code source} (relative to the repository), in order, with its
   * Javadoc as one line of Markdown.
   */
  public static Map<String, String> of(String source) {
    String text;
    try {
      text = Files.readString(RepoFiles.repoDir().resolve(Path.of(source)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, String> docs = new LinkedHashMap<>();
    Matcher m = DOCUMENTED.matcher(text);
    while (m.find()) {
      docs.put(m.group(2), markdown(m.group(1)));
    }
    return docs;
  }

  /** A Javadoc comment's body as one line of Markdown. */
  static String markdown(String comment) {
    String text = comment.replaceAll("(?m)^\\s*\\*\\s?", " ").replaceAll("\\s+", " ").strip();
    text = text.replaceAll("\\{@(?:code|literal) ([^}]*)}", "`$1`");
    text = text.replaceAll("\\{@link(?:plain)? (?:[\\w.]*#)?([^}]*)}", "$1");
    return text.replace("<p>", "").replace("|", "\\|");
  }
}
