package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * What a record costs the app: its input rate against its average CPU over the measurement window.
 * Both figures come from the same two measured ones (throughput.producedPerSec and cpuCores), so
 * they are absent when either is.
 */
@Getter
@Setter
public class EfficiencySummary {

  @JsonPropertyDescription(
      "Records per second per CPU core: the input rate (throughput.producedPerSec) over the app's"
          + " average CPU (cpuCores). Higher is better.")
  private Double recordsPerSecPerCore;

  @JsonPropertyDescription(
      "CPU-seconds the app spent per million input records: 1,000,000 x cpuCores /"
          + " throughput.producedPerSec. Lower is better.")
  private Double cpuSecondsPerMillionRecords;
}
