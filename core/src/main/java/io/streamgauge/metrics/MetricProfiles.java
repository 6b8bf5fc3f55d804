package io.streamgauge.metrics;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in metric profiles, one per common exporter.
 *
 * <table>
 *   <caption>Profiles</caption>
 *   <tr><th>profile</th><th>exporter</th><th>figures</th></tr>
 *   <tr><td>{@code cadvisor}</td><td>kubelet/cAdvisor</td><td>CPU, container working set, CPU
 *       throttling</td></tr>
 *   <tr><td>{@code process}</td><td>any client with process metrics</td><td>CPU, RSS</td></tr>
 *   <tr><td>{@code prometheus-jvm}</td><td>Prometheus client_java 1.x</td><td>CPU, RSS, heap, GC
 *       pause, threads</td></tr>
 *   <tr><td>{@code simpleclient-hotspot}, {@code jmx-exporter}</td><td>client_java 0.x hotspot,
 *       the JMX exporter agent</td><td>CPU, RSS, heap, GC pause, threads</td></tr>
 *   <tr><td>{@code micrometer}</td><td>Micrometer's Prometheus registry</td><td>CPU, heap, GC
 *       pause and its maximum, threads</td></tr>
 *   <tr><td>{@code streamgauge}</td><td>the load generator and latency consumer</td><td>produced
 *       and consumed records/s</td></tr>
 *   <tr><td>{@code streamgauge-app}</td><td>the reference app</td><td>restored records, state
 *       bytes (state restoration)</td></tr>
 * </table>
 *
 * <p>GC pause is per event: the pause time spent in the window over the pauses in the window. Only
 * beans that time pauses count: ZGC's and Shenandoah's "Cycles" beans (and JDK 11-16's single "ZGC"
 * bean) time mostly concurrent cycles and are left out ({@link GcBeans}), so a ZGC run's pause
 * figure comes from its "Pauses" beans, and a JVM that reports cycles only has none. Micrometer
 * already keeps concurrent phases out of {@code jvm_gc_pause_seconds}.
 */
public final class MetricProfiles {

  private static final String CPU_FROM_PROCESS =
      "sum(rate(process_cpu_seconds_total{$selector}[$window]))";

  /** The selector of the GC beans that time pauses (see {@link GcBeans}). */
  private static final String PAUSE_BEANS = "gc!~\"" + GcBeans.CONCURRENT_REGEX + "\",$selector";

  private static final String RSS =
      "avg_over_time((sum(process_resident_memory_bytes{$selector}))[$window:$resolution])";

  private static final String CPU_PEAK_FROM_PROCESS =
      "max_over_time((sum(rate(process_cpu_seconds_total{$selector}[$twoScrapes])))"
          + "[$window:$resolution])";

  private static final String RSS_PEAK =
      "max_over_time((sum(process_resident_memory_bytes{$selector}))[$window:$resolution])";

  private static final String CADVISOR_CPU =
      "container_cpu_usage_seconds_total{container=\"$container\",$selector}";
  private static final String CADVISOR_THROTTLED_SECONDS =
      "container_cpu_cfs_throttled_seconds_total{container=\"$container\",$selector}";

  /**
   * kubelet/cAdvisor container metrics of the component's own container (not the pod's sum, which
   * would count sidecars).
   */
  public static final MetricProfile CADVISOR =
      new MetricProfile(
          "cadvisor",
          Map.of(
              Figure.CPU_CORES,
              ExporterStampedCounter.rise(CADVISOR_CPU) + " / $seconds",
              Figure.CPU_CORES_PEAK,
              "max_over_time((sum(rate(container_cpu_usage_seconds_total{container=\"$container\",$selector}[$twoCadvisorScrapes])))[$window:$resolution])",
              Figure.MEMORY_BYTES,
              "avg_over_time((sum(container_memory_working_set_bytes{container=\"$container\",$selector}))[$window:$resolution])",
              Figure.MEMORY_PEAK_BYTES,
              "max_over_time((sum(container_memory_working_set_bytes{container=\"$container\",$selector}))[$window:$resolution])",
              Figure.CPU_THROTTLED_SHARE,
              "sum(increase(container_cpu_cfs_throttled_periods_total{container=\"$container\",$selector}[$window]))"
                  + " / sum(increase(container_cpu_cfs_periods_total{container=\"$container\",$selector}[$window]))",
              Figure.CPU_THROTTLED_SECONDS,
              ExporterStampedCounter.rise(CADVISOR_THROTTLED_SECONDS)),
          null,
          Map.of(
              Figure.CPU_CORES,
              ExporterStampedCounter.span(CADVISOR_CPU),
              Figure.CPU_THROTTLED_SECONDS,
              ExporterStampedCounter.span(CADVISOR_THROTTLED_SECONDS)));

  /** Process metrics as any Prometheus client library exposes them (local mode). */
  public static final MetricProfile PROCESS =
      new MetricProfile(
          "process",
          Map.of(
              Figure.CPU_CORES,
              CPU_FROM_PROCESS,
              Figure.CPU_CORES_PEAK,
              CPU_PEAK_FROM_PROCESS,
              Figure.MEMORY_BYTES,
              RSS,
              Figure.MEMORY_PEAK_BYTES,
              RSS_PEAK));

  /** Prometheus client_java 1.x: {@code JvmMetrics} (which includes the process metrics). */
  public static final MetricProfile PROMETHEUS_JVM =
      new MetricProfile(
          "prometheus-jvm",
          withProcess(
              Map.of(
                  Figure.HEAP_BYTES,
                  "avg_over_time((sum(jvm_memory_used_bytes{area=\"heap\",$selector}))[$window:$resolution])",
                  Figure.GC_PAUSE_SECONDS,
                  "sum(increase(jvm_gc_collection_seconds_sum{"
                      + PAUSE_BEANS
                      + "}[$window]))"
                      + " / sum(increase(jvm_gc_collection_seconds_count{"
                      + PAUSE_BEANS
                      + "}[$window]))",
                  Figure.THREADS,
                  "avg_over_time((sum(jvm_threads_current{$selector}))[$window:$resolution])")),
          "count by (gc) (jvm_gc_collection_seconds_count{$selector})");

  /** Prometheus simpleclient_hotspot (client_java 0.x). */
  public static final MetricProfile SIMPLECLIENT_HOTSPOT =
      PROMETHEUS_JVM.with(
          "simpleclient-hotspot",
          Map.of(
              Figure.HEAP_BYTES,
              "avg_over_time((sum(jvm_memory_bytes_used{area=\"heap\",$selector}))[$window:$resolution])"));

  /** The Prometheus JMX exporter agent, which embeds simpleclient_hotspot. */
  public static final MetricProfile JMX_EXPORTER =
      SIMPLECLIENT_HOTSPOT.with("jmx-exporter", Map.of());

  /** Micrometer's Prometheus registry with its JVM and processor binders. */
  public static final MetricProfile MICROMETER =
      new MetricProfile(
          "micrometer",
          Map.of(
              Figure.CPU_CORES,
              "avg_over_time((sum(process_cpu_usage{$selector} * on(instance)"
                  + " system_cpu_count{$selector}))[$window:$resolution])",
              Figure.HEAP_BYTES,
              "avg_over_time((sum(jvm_memory_used_bytes{area=\"heap\",$selector}))[$window:$resolution])",
              Figure.GC_PAUSE_SECONDS,
              "sum(increase(jvm_gc_pause_seconds_sum{$selector}[$window]))"
                  + " / sum(increase(jvm_gc_pause_seconds_count{$selector}[$window]))",
              Figure.GC_PAUSE_MAX_SECONDS,
              "max(max_over_time(jvm_gc_pause_seconds_max{$selector}[$window]))",
              Figure.THREADS,
              "avg_over_time((sum(jvm_threads_live_threads{$selector}))[$window:$resolution])"),
          "count by (gc) (jvm_gc_pause_seconds_count{$selector})");

  /** The load generator's and latency consumer's own counters. */
  public static final MetricProfile STREAMGAUGE =
      new MetricProfile(
          "streamgauge",
          Map.of(
              Figure.PRODUCED_PER_SEC,
              "sum(rate(sg_loadgen_records_sent_total{$selector}[$window]))",
              Figure.PRODUCED_PER_SEC_BY_TOPIC,
              "sum by (topic) (rate(sg_loadgen_records_sent_total{$selector}[$window]))",
              Figure.PUBLISH_DELAY_P99_SECONDS,
              "histogram_quantile(0.99, sum by (le)"
                  + " (increase(sg_loadgen_publish_delay_seconds_bucket{$selector}[$window])))",
              Figure.GENERATOR_STALL_P99_SECONDS,
              "histogram_quantile(0.99, sum by (le)"
                  + " (increase(sg_loadgen_stall_seconds_bucket{$selector}[$window])))",
              Figure.BYTES_IN_PER_SEC,
              "sum(rate(sg_loadgen_bytes_sent_total{$selector}[$window]))",
              Figure.CONSUMED_PER_SEC,
              "sum(rate(sg_latency_records_consumed_total{$selector}[$window]))",
              Figure.LATENCY_CONSUMER_SCRAPES,
              "max(count_over_time(sg_latency_records_consumed_total{$selector}[$window]))",
              Figure.BYTES_OUT_PER_SEC,
              "sum(rate(sg_latency_bytes_consumed_total{$selector}[$window]))",
              Figure.INPUT_LAG_GROWTH_PER_SEC,
              // The slope of the scraped samples themselves: a subquery's grid of
              // $resolution-aligned points can miss the window's last scrape, and with it the
              // growth of an app that stalled at the end (a stall measured as -17 records/s
              // through the subquery, +293 through its samples).
              "sum(deriv(sg_latency_app_input_lag{$selector}[$window]))",
              Figure.INPUT_LAG_AT_START,
              "sum(last_over_time(sg_latency_app_input_lag{$selector}[$twoScrapes]"
                  + " offset $window))"));

  /**
   * The reference app's state gauges: its state directory's size at its largest in the window, and,
   * for a restoration, the restoration gauges. Those are read in the two scrape intervals just
   * after the window ({@code offset -}), since the window ends the moment the app was seen restored
   * and the scrape showing the final values comes after it.
   */
  public static final MetricProfile STREAMGAUGE_APP =
      new MetricProfile(
          "streamgauge-app",
          Map.of(
              Figure.RESTORED_RECORDS,
              "max(max_over_time(sg_app_restored_records_total{$selector}[$twoScrapes]"
                  + " offset -$twoScrapes))",
              Figure.STATE_BYTES,
              "max(last_over_time(sg_app_state_bytes{$selector}[$twoScrapes]"
                  + " offset -$twoScrapes))",
              Figure.STATE_PEAK_BYTES,
              "max(max_over_time(sg_app_state_bytes{$selector}[$window]))"));

  /** {@code queries} and the process profile's CPU and RSS queries. */
  private static Map<Figure, String> withProcess(Map<Figure, String> queries) {
    Map<Figure, String> all = new EnumMap<>(PROCESS.queries());
    all.putAll(queries);
    return all;
  }

  /** Every built-in profile. */
  public static final List<MetricProfile> BUILT_IN =
      List.of(
          CADVISOR,
          PROCESS,
          PROMETHEUS_JVM,
          SIMPLECLIENT_HOTSPOT,
          JMX_EXPORTER,
          MICROMETER,
          STREAMGAUGE,
          STREAMGAUGE_APP);

  private MetricProfiles() {}

  /** The built-in profile called {@code name}. */
  public static Optional<MetricProfile> find(String name) {
    return BUILT_IN.stream().filter(p -> p.name().equals(name)).findFirst();
  }

  /** The built-in profile names, for messages. */
  public static List<String> names() {
    return BUILT_IN.stream().map(MetricProfile::name).toList();
  }
}
