package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/**
 * PromQL templates replacing or adding figures of the app's metric profile, for exporters the
 * built-in profiles do not know. Each is evaluated once at the end of the measurement window and
 * must return one value; placeholders: $selector (label matchers of the app's pods, to be written
 * inside braces), $window (the window as a range) and $resolution (the subquery step).
 */
@Getter
@Setter
public class MetricQueries {

  private static final String TEMPLATE = " A PromQL template (see queries).";

  @Size(max = 2000)
  @JsonPropertyDescription(
      "Average CPU over the window, in cores, e.g. sum(rate(process_cpu_seconds_total{$selector}[$window]))."
          + TEMPLATE)
  private String cpuCores;

  @Size(max = 2000)
  @JsonPropertyDescription(
      "Average memory (working set or RSS) over the window, in bytes." + TEMPLATE)
  private String memoryBytes;

  @Size(max = 2000)
  @JsonPropertyDescription(
      "Average JVM heap used over the window, in bytes, e.g."
          + " avg_over_time((sum(jvm_memory_used_bytes{area=\"heap\",$selector}))[$window:$resolution])."
          + TEMPLATE)
  private String heapBytes;

  @Size(max = 2000)
  @JsonPropertyDescription(
      "Average stop-the-world GC pause in the window, in seconds: pause time over pause count."
          + TEMPLATE)
  private String gcPauseSeconds;

  @Size(max = 2000)
  @JsonPropertyDescription("Longest GC pause in the window, in seconds." + TEMPLATE)
  private String gcPauseMaxSeconds;

  @Size(max = 2000)
  @JsonPropertyDescription("Average live JVM threads over the window." + TEMPLATE)
  private String threads;
}
