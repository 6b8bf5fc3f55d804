package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * The catch-up of a run with {@code spec.schedule.catchUp}: the app's input lag as the catch-up
 * last compared it, how fast it changed, and how the catch-up ended. While the load starts it is
 * the catch-up's own record between its checks; once the warmup starts it is final, and the summary
 * carries it.
 */
@Getter
@Setter
public class CatchUpSummary {

  @JsonPropertyDescription(
      "The app's input lag, in records, at the catch-up's last comparison (its readings are"
          + " compared at least 10 s and two of the app's commit intervals apart); when the warmup"
          + " started, the lag it started with.")
  private Double lag;

  @JsonPropertyDescription("When lag was read (RFC 3339).")
  private String lagAt;

  @JsonPropertyDescription(
      "How fast the app's input lag changed between the catch-up's last two comparisons, in"
          + " records/s: negative while the app drains its start-up backlog, positive while it"
          + " falls further behind. Past schedule.catchUp the catch-up waits on while it is"
          + " negative and the backlog, at that pace, is within the bound (and held there) by"
          + " twice catchUp, as far as the run's timeout leaves the windows and the drain their"
          + " time. Absent before two comparisons.")
  private Double lagTrendPerSec;

  @JsonPropertyDescription(
      "Whether the lag held within checks.maxBacklogAtStartSeconds of the target rate long enough"
          + " (true), or the catch-up ran out and the warmup started anyway (false). Absent while"
          + " it goes on.")
  private Boolean caughtUp;

  @JsonPropertyDescription(
      "Seconds from the load's start to the warmup's start: how long the catch-up took. Absent"
          + " while it goes on.")
  private Double seconds;
}
