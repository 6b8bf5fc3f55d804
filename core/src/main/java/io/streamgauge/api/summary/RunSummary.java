package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.streamgauge.common.StatusText;
import java.util.List;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/** The figures of one run, each over exactly the measurement window. */
@Getter
@Setter
public class RunSummary {

  @JsonPropertyDescription("End-to-end latency percentiles from the latency consumer.")
  private LatencySummary latency;

  @JsonPropertyDescription(
      "Latency and rate per output topic, when the scenario writes more than one (e.g."
          + " stateless-advanced's four sinks); latency above is over all of them.")
  private Map<String, OutputTopicSummary> outputTopics;

  @JsonPropertyDescription("Records per second produced and consumed.")
  private ThroughputSummary throughput;

  @JsonPropertyDescription(
      "Average CPU of the app, in cores, from Prometheus at the query resolution.")
  private Double cpuCores;

  @JsonPropertyDescription("Average JVM heap used by the app, in MiB (1 MiB = 1,048,576 bytes).")
  private Double heapMiB;

  @JsonPropertyDescription(
      "Average memory of the app, in MiB: the container's working set when sources.memoryMiB is"
          + " cadvisor, the process's resident set (RSS) otherwise.")
  private Double memoryMiB;

  @JsonPropertyDescription(
      "Highest memory of the app in the window, in MiB, at scrape resolution: the same source as"
          + " memoryMiB (working set or RSS), its maximum instead of its average.")
  private Double memoryPeakMiB;

  @JsonPropertyDescription(
      "What a record costs: records/s per core and CPU-seconds per million records, from the input"
          + " rate and cpuCores.")
  private EfficiencySummary efficiency;

  @JsonPropertyDescription(
      "How long the app took from its pod created (locally its process started) to ready.")
  private StartupSummary startup;

  @JsonPropertyDescription(
      "Seconds the run waited for Kafka (its ProvisioningKafka phase): for a Kafka provisioned"
          + " through Strimzi, from creating the Kafka resource until it and every topic of the"
          + " run were Ready, which every run on a fresh Kafka pays; for an external Kafka,"
          + " creating the topics; locally, starting the broker.")
  private Double kafkaReadySeconds;

  @JsonPropertyDescription(
      "With spec.schedule.catchUp: how long the app took to catch up with its input before the"
          + " warmup, whether it did, and its lag and the lag's trend when the warmup started.")
  private CatchUpSummary catchUp;

  @JsonPropertyDescription(
      "Average duration of one stop-the-world GC pause, in ms (per event, not cumulative).")
  private Double gcPauseMs;

  @JsonPropertyDescription(
      "Longest GC pause of the app in the window, in ms, where its exporter keeps a maximum.")
  private Double gcPauseMaxMs;

  @JsonPropertyDescription("Average live JVM threads of the app.")
  private Double threads;

  @JsonPropertyDescription(
      "The largest the app's state directory (RocksDB stores, checkpoints) was on disk in the"
          + " window, in MiB; what RocksDB still holds in its memtables is not counted. The Kafka"
          + " Streams reference app reports it (sg_app_state_bytes).")
  private Double stateMiB;

  @JsonPropertyDescription(
      "The share of the window's CFS periods in which the app's container used up its CPU quota"
          + " and was stalled until the next period (cAdvisor; Kubernetes only, local processes"
          + " have no CPU quota).")
  private Double cpuThrottledShare;

  @JsonPropertyDescription(
      "Seconds the app container was throttled by its CPU limit in the window, as the kernel"
          + " counts them (cpu.stat throttled_time, summed over the CPUs' run queues; cAdvisor;"
          + " Kubernetes only).")
  private Double cpuThrottledSeconds;

  @JsonPropertyDescription(
      "The GC beans the app's JVM reports (e.g. 'G1 Young Generation', 'ZGC Pauses'), which say"
          + " which collector ran; pause figures count only beans that time pauses.")
  private List<String> gcCollectors;

  @JsonPropertyDescription(
      "Where each figure of the app came from, by field name: the metric profile whose query"
          + " answered (cadvisor: the container's own counters; process, prometheus-jvm, ...: what"
          + " the process exports).")
  private Map<String, String> sources;

  @JsonPropertyDescription(
      "For the app's figures read from samples their exporter stamps itself (cAdvisor's CPU"
          + " counters), by field name: the share of the measurement window between the first and"
          + " the last of those samples, 0 to 1, which is the part of the window the figure"
          + " describes. cAdvisor stamps a busy container one to two housekeeping intervals apart"
          + " (10 s by default) and Prometheus sees a sample up to a scrape interval late, so each"
          + " edge can lose both; the cpuCoverage check judges cpuCores' share.")
  private Map<String, Double> coverage;

  @JsonPropertyDescription(
      "Figures that could not be computed, each as 'figure: reason'. A missing figure is absent,"
          + " never 0.")
  private List<String> missing;

  /**
   * Sets the missing figures, each reason cut to {@link StatusText#MAX} characters (a reason may
   * quote Prometheus' answer).
   */
  public void setMissing(List<String> missing) {
    this.missing = missing == null ? null : missing.stream().map(StatusText::bounded).toList();
  }

  @JsonPropertyDescription("Loss and duplicates, for topologies that keep records one to one.")
  private IntegritySummary integrity;

  @JsonPropertyDescription(
      "State restoration only: how long the app took from its start to every store restored, how"
          + " fast it restored, and what it used meanwhile.")
  private RestorationSummary restoration;

  @JsonPropertyDescription(
      "What each fault of spec.faults did: recovery, latency before, during and after, delivery.")
  private List<FaultSummary> faults;

  @JsonPropertyDescription(
      "What the load's shape (spec.load.shape) did per segment of the window: records, latency,"
          + " lag, and each burst's drain.")
  private LoadShapeSummary load;

  @JsonPropertyDescription(
      "The validity checks of the window (thresholds from spec.checks): a run that fails one"
          + " succeeded but its numbers are not a valid measurement (Valid condition False).")
  private List<CheckResult> checks;

  @JsonPropertyDescription("The names of the failed checks, comma-separated; absent when none.")
  private String warnings;
}
