package io.streamgauge.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown Streamgauge writes (report.md, comparison.md, suite.md) as HTML, so the HTML reports
 * say exactly what the Markdown says: headings, tables (with their column alignment), bullet lists,
 * paragraphs, {@code `code`} and {@code **bold**}. Everything else is text, escaped.
 */
final class MarkdownHtml {

  private static final Pattern HEADING = Pattern.compile("^(#{1,4}) (.*)$");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");

  private MarkdownHtml() {}

  /** The Markdown as HTML blocks. */
  static String render(String markdown) {
    StringBuilder html = new StringBuilder();
    List<String> lines = markdown.lines().toList();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      Matcher heading = HEADING.matcher(line);
      if (line.isBlank()) {
        i++;
      } else if (heading.matches()) {
        int level = heading.group(1).length();
        html.append("<h")
            .append(level)
            .append('>')
            .append(inline(heading.group(2)))
            .append("</h")
            .append(level)
            .append(">\n");
        i++;
      } else if (line.startsWith("|")) {
        List<String> table = new ArrayList<>();
        while (i < lines.size() && lines.get(i).startsWith("|")) {
          table.add(lines.get(i++));
        }
        table(table, html);
      } else if (line.startsWith("- ")) {
        html.append("<ul>\n");
        while (i < lines.size() && lines.get(i).startsWith("- ")) {
          html.append("<li>").append(inline(lines.get(i++).substring(2))).append("</li>\n");
        }
        html.append("</ul>\n");
      } else {
        StringBuilder paragraph = new StringBuilder(line);
        i++;
        while (i < lines.size() && !lines.get(i).isBlank() && !startsBlock(lines.get(i))) {
          paragraph.append(' ').append(lines.get(i++));
        }
        html.append("<p>").append(inline(paragraph.toString())).append("</p>\n");
      }
    }
    return html.toString();
  }

  /** HTML-escaped text. */
  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static boolean startsBlock(String line) {
    return line.startsWith("|") || line.startsWith("- ") || HEADING.matcher(line).matches();
  }

  private static void table(List<String> rows, StringBuilder html) {
    List<String> alignments =
        rows.size() > 1 && rows.get(1).matches("^\\|[-:| ]+\\|$")
            ? cells(rows.get(1)).stream().map(c -> c.endsWith(":") ? "right" : "left").toList()
            : List.of();
    html.append("<table>\n");
    for (int r = 0; r < rows.size(); r++) {
      List<String> cells = cells(rows.get(r));
      if (r == 1 && !alignments.isEmpty() || r == 0 && cells.stream().allMatch(String::isBlank)) {
        continue; // the delimiter row, and the blank header of a table of facts (| | |)
      }
      String tag = r == 0 ? "th" : "td";
      html.append("<tr>");
      for (int c = 0; c < cells.size(); c++) {
        String align = c < alignments.size() ? alignments.get(c) : "left";
        html.append('<')
            .append(tag)
            .append(" class=\"")
            .append(align)
            .append("\">")
            .append(inline(cells.get(c)))
            .append("</")
            .append(tag)
            .append('>');
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
  }

  private static List<String> cells(String row) {
    String inner = row.strip();
    inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
    List<String> cells = new ArrayList<>();
    for (String cell : inner.split("\\|", -1)) {
      cells.add(cell.strip());
    }
    return cells;
  }

  private static String inline(String text) {
    String html = escape(text);
    html = CODE.matcher(html).replaceAll("<code>$1</code>");
    return BOLD.matcher(html).replaceAll("<strong>$1</strong>");
  }
}
