package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * Where the measurement window's end-to-end latency went, by stage, measured record by record: the
 * publish delay, the time through the app until the output record was written, and the commit wait
 * until it could be read committed. For a record the three add up to its latency; a stage's
 * percentiles are its own distribution's (the p99s do not add up to the latency's p99: the bands
 * show the stages of the slow records).
 */
@Getter
@Setter
public class LatencyStages {

  @JsonPropertyDescription(
      "The load generator's actual send minus the record's intended time, from the trace header"
          + " the output record carries; absent when no output record carried one (the topology"
          + " does not keep it: the time through the app then includes this delay).")
  private StagePercentiles publishDelay;

  @JsonPropertyDescription(
      "From the actual send until the output record was written (first readable"
          + " read_uncommitted): the app's processing and its producer's batching, the broker's"
          + " write and a reader's fetch.")
  private StagePercentiles throughApp;

  @JsonPropertyDescription(
      "From written until readable read_committed: the wait for the app's transaction to commit"
          + " (about 0 at at-least-once).")
  private StagePercentiles commitWait;

  @JsonPropertyDescription(
      "Timed records of the window whose stages were measured (matched with their written"
          + " time).")
  private Long records;

  @JsonPropertyDescription(
      "Share of the window's timed records whose stages were measured; below 1 when the"
          + " second reader was not there for some (its start, a rebalance).")
  private Double coverage;

  @JsonPropertyDescription(
      "True when every measured record's publish delay was known, so the three stages add up to"
          + " each record's latency; false when some records carried no trace header.")
  private Boolean recordByRecord;

  @JsonPropertyDescription(
      "The records by how late they arrived (bands of end-to-end latency), each with its"
          + " stages' means, which add up to the band's mean latency: what the slow tail spent its"
          + " time on.")
  private List<StageBand> bands;
}
