package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.GeneratedPage;
import io.streamgauge.testing.JavadocTable;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The failure reasons page ({@code docs/reference/failure-reasons.md}): every {@link FailureReason}
 * with the Javadoc beside it, checked for drift.
 */
class FailureReasonsPageTest {

  @Test
  void everyFailureReasonIsOnThePageWithWhatItsJavadocSays() {
    Map<String, String> docs =
        JavadocTable.of("core/src/main/java/io/streamgauge/run/FailureReason.java");
    assertThat(docs.keySet())
        .as("every reason documented, in order")
        .containsExactlyElementsOf(Arrays.stream(FailureReason.values()).map(Enum::name).toList());

    StringBuilder out =
        new StringBuilder(
            GeneratedPage.header(
                "Failure reasons", "`FailureReason` (`core/src/main/java/io/streamgauge/run/`)"));
    out.append(
        "A run that failed says why in its `Ready` condition's reason (and `Ended`'s), in a"
            + " Warning Event of that reason, in its progress line (`Failed: <reason>`) and, locally,"
            + " on the last line of stderr (exit code 4). A run that measured but failed a check is"
            + " not here: it succeeds with its `Valid` condition False (exit code 5).\n\n");
    out.append("| Reason | What happened |\n|---|---|\n");
    docs.forEach(
        (name, doc) -> out.append("| `").append(name).append("` | ").append(doc).append(" |\n"));
    GeneratedPage.check("reference/failure-reasons.md", out.toString());
  }
}
