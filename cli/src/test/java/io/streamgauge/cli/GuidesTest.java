package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.results.CheckName;
import io.streamgauge.run.FailureReason;
import io.streamgauge.testing.DocsCodeBlocks;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A user's guide says what to do and what to expect, not what a lab measured on a day: dated
 * measurements and "on this machine" paragraphs live in {@code bench/results/} (a guide links
 * them), and a guide names no test class. The getting-started pages and the guides are held to it.
 */
class GuidesTest {

  private static final Pattern LAB_TEXT =
      Pattern.compile(
          "20\\d\\d-\\d\\d-\\d\\d" // a date
              + "|`[A-Z][A-Za-z]+(IT|E2E|Test)`" // a test class
              + "|[Oo]n this (2-core )?machine[ ,(]" // a measurement of the machine the docs were
              // written on ("runs a real benchmark on this machine" is the reader's own)
              + "|[Mm]easured here|these machines");

  @Test
  void guidesHoldNoDatedMeasurementAndNameNoTest() throws IOException {
    Found found =
        find(
            LAB_TEXT,
            page -> page.startsWith("docs/guides") || page.startsWith("docs/getting-started"));

    assertThat(found.pages()).as("guides and getting-started pages").isGreaterThan(10);
    assertThat(found.lines()).as("lab text to move into bench/results/ with a link").isEmpty();
  }

  /**
   * The concept pages explain what the product does and guarantees; which test holds it to each
   * guarantee is developers' matter ({@code docs/development/testing.md}), not a reader's.
   */
  @Test
  void conceptPagesNameNoTestClass() throws IOException {
    Found found =
        find(
            Pattern.compile("`[A-Z][A-Za-z]+(IT|E2E|Test)[`.]"),
            page -> page.startsWith("docs/concepts"));

    assertThat(found.pages()).as("concept pages").isGreaterThan(5);
    assertThat(found.lines()).as("test classes named on concept pages").isEmpty();
  }

  /** The pages looked at, and each line of theirs that matched, as page:line: match. */
  private record Found(int pages, List<String> lines) {}

  /** The lines matching {@code pattern} in the docs pages {@code which} picks (repo-relative). */
  private static Found find(Pattern pattern, Predicate<Path> which) throws IOException {
    List<String> found = new ArrayList<>();
    int pages = 0;
    for (Path page : DocsCodeBlocks.pages()) {
      Path relative = RepoFiles.repoDir().relativize(page);
      if (!which.test(relative)) {
        continue;
      }
      pages++;
      List<String> lines = Files.readAllLines(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = pattern.matcher(lines.get(i));
        if (m.find()) {
          found.add(relative + ":" + (i + 1) + ": " + m.group());
        }
      }
    }
    return new Found(pages, found);
  }

  /**
   * The troubleshooting page has a section for every failure reason and every check, in the order
   * the code lists them: a new reason or check fails here until the page says what to do about it.
   */
  @Test
  void troubleshootingSaysWhatToDoAboutEveryFailureReasonAndCheck() throws IOException {
    String page = Files.readString(RepoFiles.repoDir().resolve("docs/guides/troubleshooting.md"));
    List<String> sections = new ArrayList<>();
    Matcher heading = Pattern.compile("(?m)^### (\\w+)$").matcher(page);
    while (heading.find()) {
      sections.add(heading.group(1));
    }
    List<String> expected = new ArrayList<>();
    for (FailureReason reason : FailureReason.values()) {
      expected.add(reason.name());
    }
    for (CheckName check : CheckName.values()) {
      expected.add(check.id());
    }

    assertThat(sections).containsExactlyElementsOf(expected);
  }
}
