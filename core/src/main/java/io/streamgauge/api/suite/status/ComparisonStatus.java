package io.streamgauge.api.suite.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * A candidate cell of a suite compared with its baseline cell, as streamgauge compare would: a row
 * per figure and the notes a reader needs before trusting it.
 */
@Getter
@Setter
public class ComparisonStatus {

  @JsonPropertyDescription("The baseline cell.")
  private String baseline;

  @JsonPropertyDescription("The candidate cell.")
  private String candidate;

  @JsonPropertyDescription(
      "True with fewer than two valid runs on a side: no interval, the verdicts are"
          + " indicative only.")
  private Boolean indicative;

  @JsonPropertyDescription("One row per figure measured on either side.")
  private List<ComparisonRowStatus> rows = new ArrayList<>();

  @JsonPropertyDescription(
      "Runs left out as invalid, spec differences, collectors that differ; or why the cells"
          + " could not be compared.")
  private List<String> notes;
}
