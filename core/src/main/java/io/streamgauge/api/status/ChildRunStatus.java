package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/**
 * One run of a series (a run's repetitions, a suite's runs) as the series recorded it when it
 * ended: enough to summarise and compare it even after the run itself is deleted.
 */
@Getter
@Setter
public class ChildRunStatus {

  @JsonPropertyDescription("The BenchmarkRun's name (locally: its output directory).")
  private String name;

  @JsonPropertyDescription(
      "The suite's cell the run measures (variant/scenario/guarantee/x<rate scale>); absent"
          + " for a run's repetitions.")
  private String cell;

  @JsonPropertyDescription("Which repetition of its cell (or run) this is, from 1.")
  private Integer repetition;

  @JsonPropertyDescription("The run's phase as last seen; absent until it is created.")
  private Phase phase;

  @JsonPropertyDescription(
      "Once it ended: true when it succeeded and passed every check it was judged by.")
  private Boolean valid;

  @JsonPropertyDescription(
      "Why it is not a valid measurement: did not succeed (with the reason), or the checks"
          + " it failed with their values.")
  private List<String> problems;

  @JsonPropertyDescription(
      "The names of the validity checks it failed (backlogAtStart, lagGrowth, …); absent when it"
          + " failed none.")
  private List<String> failedChecks;

  @JsonPropertyDescription(
      "Its figures as streamgauge compare reads them (latency.p99, cpu, heap, …), those"
          + " measured only.")
  private Map<String, Double> figures;

  @JsonPropertyDescription("The app's garbage collectors (GC beans), for the comparison's notes.")
  private List<String> gcCollectors;

  @JsonPropertyDescription("When the series created it (RFC 3339).")
  private String startedAt;

  @JsonPropertyDescription("When the series saw it end (RFC 3339).")
  private String finishedAt;
}
