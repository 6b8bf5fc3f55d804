package io.streamgauge.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A documentation page generated from the code (the CRD's descriptions, the CLI's help), kept in
 * {@code docs/reference/} and checked for drift like {@code crds/}: a test renders it and fails
 * when the committed page differs; {@code make reference} runs those tests with {@value #WRITE}
 * set, which writes the pages instead.
 */
public final class GeneratedPage {

  /** The system property that makes {@link #check} write the page instead of comparing. */
  public static final String WRITE = "streamgauge.docs.write";

  private GeneratedPage() {}

  /**
   * The first lines of every generated page: what it comes from and how to regenerate it.
   *
   * @param source what the page is generated from
   */
  public static String header(String title, String source) {
    return "# "
        + title
        + "\n\n<!-- Generated from "
        + source
        + " by `make reference`; edit the source, not this page. -->\n\n";
  }

  /** Checks (or, with {@value #WRITE}, writes) {@code docs/<relative>}. */
  public static void check(String relative, String rendered) {
    Path page = RepoFiles.repoDir().resolve("docs").resolve(relative);
    try {
      if (Boolean.getBoolean(WRITE)) {
        Files.createDirectories(page.getParent());
        Files.writeString(page, rendered);
        return;
      }
      assertThat(Files.exists(page) ? Files.readString(page) : "")
          .as("docs/%s is not what the code says: run `make reference` and commit it", relative)
          .isEqualTo(rendered);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
