package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** One probe of a capacity search: a short fixed-rate run of the spec, and its verdict. */
@Getter
@Setter
public class CapacityProbeStatus {

  @JsonPropertyDescription(
      "The probe's BenchmarkRun (<run>-p<N>; locally its directory, probes/<N>-cpu<limit>-<rate>).")
  private String name;

  @JsonPropertyDescription("The app's CPU limit in this probe, as in spec.capacity.cpuLimits.")
  private String cpuLimit;

  @JsonPropertyDescription(
      "How many instances the app ran as in this probe, as in spec.capacity.instances; absent: 1.")
  private Integer instances;

  @JsonPropertyDescription("The total input rate probed, records/s.")
  private Double ratePerSecond;

  @JsonPropertyDescription(
      "Why the search chose this rate: start, grow (doubling), shrink (halving), bisect,"
          + " confirm (another probe at an edge) or retry (the probe before it was inconclusive).")
  private String step;

  @JsonPropertyDescription("The probe run's phase as last seen.")
  private Phase phase;

  @JsonPropertyDescription(
      "Once it ended: true when the run succeeded, was valid and met the p99 bound.")
  private Boolean passed;

  @JsonPropertyDescription(
      "Once it ended: true when its window began behind (backlogAtStart failed): it measured a"
          + " fresh app still absorbing its own start (draining its backlog, or still slow from"
          + " it), not the rate — unless its lag still grew through the window (lagGrowth"
          + " failed): then it failed. The search probes the rate again, and counts a rate's"
          + " inconclusive probes as fails once there are spec.capacity.confirmations of them.")
  private Boolean inconclusive;

  @JsonPropertyDescription(
      "Why it failed or was inconclusive: the run's failure, the checks it failed with their"
          + " values, or its p99 over the bound.")
  private List<String> why;

  @JsonPropertyDescription("Its true end-to-end p99, ms.")
  private Double p99Ms;

  @JsonPropertyDescription("The app's average CPU over its window, cores.")
  private Double cpuCores;

  @JsonPropertyDescription(
      "Local searches: the machine's speed just before the probe, in millions of words counted"
          + " per second by a fixed calibration (one thread counting words into a 100,000-entry"
          + " hash map for 5 s after 2 s of warm-up, a fresh JVM pinned to the cores the app"
          + " runs on). It means something only beside another from the same machine: a"
          + " ceiling the machine rather than the CPU limit sets moves with it. Absent on"
          + " Kubernetes, and when the calibration could not run.")
  private Double machineSpeed;

  @JsonPropertyDescription("When the search created it (RFC 3339).")
  private String startedAt;

  @JsonPropertyDescription("When the search saw it end (RFC 3339).")
  private String finishedAt;
}
