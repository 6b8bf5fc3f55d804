package io.streamgauge.results;

import io.streamgauge.api.summary.EfficiencySummary;

/**
 * What a record costs the app, from its input rate and its average CPU over the same window: both
 * figures or neither, since one without the other would be a guess.
 */
final class Efficiency {

  private Efficiency() {}

  /**
   * @param recordsPerSec the input rate (records/s the load generators produced), or null
   * @param cpuCores the app's average CPU in cores, or null
   * @return the efficiency figures, or null when either is missing or not above 0
   */
  static EfficiencySummary of(Double recordsPerSec, Double cpuCores) {
    if (recordsPerSec == null || cpuCores == null || recordsPerSec <= 0 || cpuCores <= 0) {
      return null;
    }
    EfficiencySummary efficiency = new EfficiencySummary();
    efficiency.setRecordsPerSecPerCore(SummaryAssembler.round(recordsPerSec / cpuCores));
    efficiency.setCpuSecondsPerMillionRecords(
        SummaryAssembler.round(1_000_000 * cpuCores / recordsPerSec));
    return efficiency;
  }
}
