package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.streamgauge.common.BoundedText;
import java.util.ArrayList;
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

  /** The most problems a record keeps, and of each the most characters. */
  public static final int MAX_PROBLEMS = 3;

  public static final int MAX_PROBLEM_CHARS = 160;

  /**
   * Sets the problems, at most {@value #MAX_PROBLEMS} of at most {@value #MAX_PROBLEM_CHARS}
   * characters each (the run's own status holds them whole): a suite keeps up to 999 records.
   */
  public void setProblems(List<String> problems) {
    if (problems == null) {
      this.problems = null;
      return;
    }
    List<String> kept = new ArrayList<>();
    for (String problem : problems.subList(0, Math.min(MAX_PROBLEMS, problems.size()))) {
      kept.add(BoundedText.of(problem, MAX_PROBLEM_CHARS));
    }
    if (problems.size() > MAX_PROBLEMS) {
      kept.add("and " + (problems.size() - MAX_PROBLEMS) + " more (in the run's status)");
    }
    this.problems = kept;
  }

  @JsonPropertyDescription(
      "The names of the validity checks it failed (backlogAtStart, lagGrowth, …); absent when it"
          + " failed none.")
  private List<String> failedChecks;

  @JsonPropertyDescription(
      "Its figures as streamgauge compare reads them (latency.p99, cpu, heap, …), those"
          + " measured only; absent in a suite's status (suite.json holds them).")
  private Map<String, Double> figures;

  @JsonPropertyDescription(
      "The app's garbage collectors (GC beans), for the comparison's notes; absent in a suite's"
          + " status.")
  private List<String> gcCollectors;

  /**
   * Sets the collectors' names: at most 8, of at most 64 characters each (the app reports them).
   */
  public void setGcCollectors(List<String> gcCollectors) {
    this.gcCollectors =
        gcCollectors == null
            ? null
            : gcCollectors.stream().limit(8).map(name -> BoundedText.of(name, 64)).toList();
  }

  @JsonPropertyDescription("When the series created it (RFC 3339).")
  private String startedAt;

  @JsonPropertyDescription("When the series saw it end (RFC 3339).")
  private String finishedAt;
}
