package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * A regression gate of a run: once it succeeded, its figures are compared with a baseline run's by
 * the same code as {@code streamgauge compare}, and each rule bounds how much worse one figure may
 * be. The outcome is {@code status.gate} and the {@code Gate} condition (locally, exit code 6).
 */
@Getter
@Setter
public class GateSpec {

  @Required
  @Pattern("^[a-z]([-a-z0-9]*[a-z0-9])?$")
  @Size(max = 63)
  @JsonPropertyDescription(
      "The BenchmarkRun, in this run's namespace, to compare with: a finished run, or one with"
          + " spec.repetitions whose repetitions are then the baseline's runs. Locally, streamgauge"
          + " run --local --baseline PATH gives the baseline's result.json or directory instead.")
  private String baseline;

  @Required
  @Size(min = 1, max = 32)
  @JsonPropertyDescription(
      "Rules FIGURE<=N%: the figure may be at most N % worse than the baseline's (higher for"
          + " latency, CPU, memory and GC; lower for rates). A rule fails only when the"
          + " difference is beyond the bound and beyond the noise (the comparison calls the"
          + " baseline the winner). Figures: latency.p50, latency.p95, latency.p99, latency.p999,"
          + " latency.max, latency.stages.publishDelay.p99, latency.stages.throughApp.p99,"
          + " latency.stages.commitWait.p99, cpu, heap, memory, memoryPeak, gcPause, gcPauseMax, cpuThrottled,"
          + " throughput.consumed, efficiency.cpuPerMillionRecords, startup.timeToReady,"
          + " restoration.seconds, restoration.rate, restoration.cpu, restoration.peakMemory. Checked before the run starts (a bad rule fails it at"
          + " Pending, naming the rule).")
  @ValidationRule(
      value = "self.all(r, size(r) <= 256)",
      message = "each rule is at most 256 characters")
  private List<String> rules;
}
