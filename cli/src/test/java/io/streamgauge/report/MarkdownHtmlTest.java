package io.streamgauge.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarkdownHtmlTest {

  @Test
  void aTableKeepsItsHeaderAndAlignmentAndDropsTheDelimiterRow() {
    String html = MarkdownHtml.render("| figure | value |\n|---|---:|\n| p99 | 12 |\n");

    assertThat(html)
        .isEqualTo(
            "<table>\n"
                + "<tr><th class=\"left\">figure</th><th class=\"right\">value</th></tr>\n"
                + "<tr><td class=\"left\">p99</td><td class=\"right\">12</td></tr>\n"
                + "</table>\n");
  }

  @Test
  void aTableOfFactsWithABlankHeaderHasNoEmptyHeaderRow() {
    String html = MarkdownHtml.render("| | |\n|---|---|\n| scenario | wordcount |\n");

    assertThat(html)
        .isEqualTo(
            "<table>\n"
                + "<tr><td class=\"left\">scenario</td><td class=\"left\">wordcount</td></tr>\n"
                + "</table>\n");
  }

  @Test
  void codeAndBoldAreMarkedUpAndEverythingElseEscaped() {
    assertThat(MarkdownHtml.render("a `x<y` and **b** & c\n"))
        .contains("<code>x&lt;y</code>")
        .contains("<strong>b</strong>")
        .contains("&amp; c");
  }
}
