package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.GeneratedPage;
import io.streamgauge.testing.JavadocTable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The exit codes page ({@code docs/reference/exit-codes.md}): every code of {@link ExitCodes}, its
 * value read from the class and its meaning from the Javadoc beside it, checked for drift.
 */
class ExitCodesPageTest {

  @Test
  void everyExitCodeIsOnThePageWithWhatItsJavadocSays() throws IllegalAccessException {
    Map<String, String> docs =
        JavadocTable.of("cli/src/main/java/io/streamgauge/cli/ExitCodes.java");
    Map<Integer, String> byCode = new TreeMap<>();
    for (Field field : ExitCodes.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
        assertThat(docs)
            .as("ExitCodes.%s has Javadoc", field.getName())
            .containsKey(field.getName());
        byCode.put(field.getInt(null), "`" + field.getName() + "` | " + docs.get(field.getName()));
      }
    }
    assertThat(byCode)
        .hasSize(
            (int)
                Arrays.stream(ExitCodes.class.getFields())
                    .filter(f -> f.getType() == int.class)
                    .count());

    StringBuilder out =
        new StringBuilder(
            GeneratedPage.header(
                "Exit codes", "`ExitCodes` (`cli/src/main/java/io/streamgauge/cli/`)"));
    out.append(
        "What `streamgauge` exits with, the same for a run on this machine (`--local`) and on a"
            + " cluster (`run`, `wait`, `results fetch --wait`); each command's `--help` says which"
            + " it can return ([Command line](cli.md)).\n\n");
    out.append("| Code | Name | Meaning |\n|---|---|---|\n");
    byCode.forEach(
        (code, row) -> out.append("| ").append(code).append(" | ").append(row).append(" |\n"));
    GeneratedPage.check("reference/exit-codes.md", out.toString());
  }
}
