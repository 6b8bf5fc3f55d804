import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Build step after the CRD generator, which writes no description for the kind itself (it reads
 * descriptions from properties only): puts the given text on the schema's root, so {@code kubectl
 * explain benchmarkrun} says what the kind is. A single-file program with no dependencies, run by
 * Maven (core/pom.xml) on the generated file; crds/ is a copy of the result, checked for drift.
 *
 * <p>usage: java DescribeKind.java CRD.yml DESCRIPTION
 */
public class DescribeKind {

  private static final String ROOT = "      openAPIV3Schema:";

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    String description = args[1];
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    int root = lines.indexOf(ROOT);
    if (root < 0) {
      throw new IllegalStateException(file + " has no '" + ROOT.strip() + "'");
    }
    if (lines.get(root + 1).startsWith("        description:")) {
      lines.remove(root + 1); // this step's own line, from a build that found the file unchanged
    }
    lines.add(root + 1, "        description: " + quoted(description));
    Files.write(file, lines);
  }

  /** As a YAML double-quoted scalar on one line. */
  private static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
