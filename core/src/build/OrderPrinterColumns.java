import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Build step after the CRD generator, which lists printer columns sorted by JSON path (so Age came
 * first): puts them in the order given, so {@code kubectl get benchmarkruns} reads Phase,
 * Scenario, Guarantee, Runtime, P99, Age. A single-file program with no dependencies, run by
 * Maven (core/pom.xml) on the generated file; crds/ is a copy of the result, checked for drift.
 *
 * <p>usage: java OrderPrinterColumns.java CRD.yml NAME...
 */
public class OrderPrinterColumns {

  private static final String LIST = "  - additionalPrinterColumns:";
  private static final String ITEM = "    - jsonPath:";

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    List<String> order = Arrays.asList(args).subList(1, args.length);
    List<String> lines = Files.readAllLines(file);
    int start = lines.indexOf(LIST) + 1;
    if (start == 0) {
      throw new IllegalStateException(file + " has no '" + LIST.strip() + "'");
    }
    int end = start;
    while (end < lines.size()
        && (lines.get(end).startsWith(ITEM) || lines.get(end).startsWith("      "))) {
      end++;
    }
    List<List<String>> columns = new ArrayList<>();
    for (String line : lines.subList(start, end)) {
      if (line.startsWith(ITEM)) {
        columns.add(new ArrayList<>());
      }
      columns.get(columns.size() - 1).add(line);
    }
    if (columns.size() != order.size()) {
      throw new IllegalStateException(
          "the CRD has " + columns.size() + " printer columns, the order names " + order.size());
    }
    List<String> sorted = new ArrayList<>();
    for (String name : order) {
      List<String> column =
          columns.stream()
              .filter(c -> c.stream().anyMatch(l -> l.equals("      name: \"" + name + "\"")))
              .findFirst()
              .orElseThrow(() -> new IllegalStateException("no printer column " + name));
      sorted.addAll(column);
    }
    List<String> out = new ArrayList<>(lines.subList(0, start));
    out.addAll(sorted);
    out.addAll(lines.subList(end, lines.size()));
    Files.write(file, out);
  }
}
