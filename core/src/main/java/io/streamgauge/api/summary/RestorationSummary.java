package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * A state-restoration run's result: the time from the app's start to every store restored, observed
 * by Streamgauge (not Kafka's restore-rate metric), and the resources over that time.
 */
@Getter
@Setter
public class RestorationSummary {

  @JsonPropertyDescription(
      "Seconds from the app's start (its process launched, or its Deployment created: scheduling,"
          + " container and JVM start count) to the first moment Streamgauge saw it report every"
          + " store restored; exact to the readiness check's period (1 s).")
  private Double seconds;

  @JsonPropertyDescription(
      "Changelog records the app restored, as its restore listener counted them (the reference"
          + " app's sg_app_restored_records_total).")
  private Long restoredRecords;

  @JsonPropertyDescription(
      "Records the load generators wrote into the changelogs before the app started; restoredRecords"
          + " is lower only where compaction removed older values of a key.")
  private Long prepopulatedRecords;

  @JsonPropertyDescription("restoredRecords over seconds: the aggregate restoration rate.")
  private Double recordsPerSec;

  @JsonPropertyDescription("The app's average CPU cores while restoring.")
  private Double cpuCores;

  @JsonPropertyDescription(
      "The app's highest CPU cores while restoring, each averaged over two scrape intervals; never"
          + " below cpuCores (short rates of a counter cAdvisor refreshes every 10-15 s can miss"
          + " the busiest stretch, and the average is a lower bound of the peak).")
  private Double peakCpuCores;

  @JsonPropertyDescription(
      "The app's average memory while restoring, in MiB (container working set on Kubernetes, RSS"
          + " locally; summary.sources.memoryMiB says which).")
  private Double memoryMiB;

  @JsonPropertyDescription(
      "The app's highest memory while restoring, in MiB, at scrape resolution.")
  private Double peakMemoryMiB;

  @JsonPropertyDescription(
      "Bytes of the app's state directory (RocksDB files, checkpoints) once restored, as the"
          + " reference app reports it (sg_app_state_bytes).")
  private Long stateBytes;
}
