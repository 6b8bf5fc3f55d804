package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * A capacity search: the highest input rate the app sustains under an SLO, found with short probe
 * runs of the spec at different rates (and, with {@code cpuLimits}, for each app CPU limit).
 */
@Getter
@Setter
public class CapacitySpec {

  /** The default resolution: bisect until the interval is at most 5 % of its lower edge. */
  public static final double DEFAULT_RESOLUTION = 0.05;

  /** The default probes a verdict is the majority of (the median of 3). */
  public static final int DEFAULT_CONFIRMATIONS = 3;

  /** The default most probes per CPU limit. */
  public static final int DEFAULT_MAX_PROBES = 24;

  @Required
  @Min(value = 0, inclusive = false)
  @JsonPropertyDescription(
      "The SLO's latency bound, ms: a probe passes only when its run is valid (every validity"
          + " check holds: achieved rate, publish delay, lag trend, samples) and its true"
          + " end-to-end p99 is at most this.")
  @Max(3_600_000)
  private Double latencyP99MaxMs;

  @Min(value = 0, inclusive = false)
  @Max(1)
  @JsonPropertyDescription(
      "Bisect until the first failing rate is at most this share above the last passing one."
          + " Default 0.05.")
  private Double resolution;

  @Min(value = 0, inclusive = false)
  @JsonPropertyDescription(
      "The first probe's total input rate, records/s. Default: the spec's rate (the sum of"
          + " spec.load.topics[].ratePerSecond); with cpuLimits, each larger limit starts from the"
          + " smaller one's result. Every topic's rate is scaled by the same factor.")
  @Max(3_200_000)
  private Double startRatePerSecond;

  @Min(value = 0, inclusive = false)
  @JsonPropertyDescription(
      "Never probe above this total rate, records/s; a limit that passes it has its ceiling"
          + " reported as at least this. Default: no cap.")
  @Max(3_200_000)
  private Double maxRatePerSecond;

  @Min(1)
  @Max(9)
  @JsonPropertyDescription(
      "How many probes at a rate its verdict is the majority of (the median; a tie fails): a"
          + " failing rate is probed again before the search turns back below it, and the last"
          + " passing rate at the end, each until that majority is reached (two that agree of 3),"
          + " so one lucky or unlucky probe cannot decide. Default 3; 1 takes every probe at its"
          + " word.")
  private Integer confirmations;

  @Min(2)
  @Max(99)
  @JsonPropertyDescription(
      "The most probes per CPU limit; a search that reaches it reports the interval it had."
          + " Default 24.")
  private Integer maxProbes;

  @Size(max = 8)
  @JsonPropertyDescription(
      "Search once per app CPU limit (spec.app.resources limits and requests), in this order,"
          + " smallest first, e.g. [\"1\", \"2\", \"4\"]: the ceiling per size shows how the app"
          + " scales. A larger limit starts at the smaller one's first failing rate and is not"
          + " searched further when it fails there (it cannot beat the smaller ceiling). Default:"
          + " the spec's own limit only.")
  @ValidationRule(
      value = "self.all(c, size(c) <= 16)",
      message = "each CPU limit is at most 16 characters")
  private List<String> cpuLimits;

  @Size(max = 8)
  @ValidationRule(
      value = "self.all(n, n >= 1 && n <= 16)",
      message = "each instance count is from 1 to 16")
  @JsonPropertyDescription(
      "Search once per instance count of the app (spec.app.replicas), in this order, fewest first,"
          + " e.g. [1, 2, 3]: the ceiling per count is how the app scales out, and the instances a"
          + " rate needs follow from it (the smallest count whose ceiling reaches the rate). Each"
          + " instance has spec.app.resources. A larger count starts at the smaller one's first"
          + " failing rate, as cpuLimits do. Not together with more than one cpuLimit. Default:"
          + " the spec's own replicas only.")
  private List<Integer> instances;
}
