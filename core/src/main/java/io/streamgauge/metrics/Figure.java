package io.streamgauge.metrics;

/**
 * A figure a benchmark reports from Prometheus, with the unit its query returns. Each {@link
 * MetricProfile} maps figures to PromQL templates.
 */
public enum Figure {
  /** Average CPU used over the window, in cores. */
  CPU_CORES("cpuCores", "cores"),
  /** The highest CPU in the window, each value averaged over two scrape intervals. */
  CPU_CORES_PEAK("cpuCoresPeak", "cores"),
  /** Average memory over the window: container working set, or process RSS outside containers. */
  MEMORY_BYTES("memoryBytes", "bytes"),
  /** The highest memory in the window, at scrape resolution. */
  MEMORY_PEAK_BYTES("memoryPeakBytes", "bytes"),
  /** Average JVM heap used over the window. */
  HEAP_BYTES("heapBytes", "bytes"),
  /** Average duration of one stop-the-world GC pause in the window (total pause time / pauses). */
  GC_PAUSE_SECONDS("gcPauseSeconds", "seconds"),
  /** Longest GC pause in the window, where the exporter keeps a maximum. */
  GC_PAUSE_MAX_SECONDS("gcPauseMaxSeconds", "seconds"),
  /**
   * The share of the window's CFS periods (100 ms by default) in which the container used up its
   * CPU quota and was stalled until the next: throttling by the CPU limit, from cAdvisor.
   */
  CPU_THROTTLED_SHARE("cpuThrottledShare", "ratio"),
  /** The time the container was throttled by its CPU limit over the window (cAdvisor). */
  CPU_THROTTLED_SECONDS("cpuThrottledSeconds", "seconds"),
  /** Average live JVM threads over the window. */
  THREADS("threads", "threads"),
  /** Records produced per second over the window (load generators). */
  PRODUCED_PER_SEC("producedPerSec", "records/s"),
  /**
   * Records produced per second over the window, per topic: one value per {@code topic} label (the
   * figure's value is their sum).
   */
  PRODUCED_PER_SEC_BY_TOPIC("producedPerSecByTopic", "records/s"),
  /**
   * The load generators' publish delay at p99 over the window (actual minus intended send time),
   * interpolated in their Prometheus histogram's buckets.
   */
  PUBLISH_DELAY_P99_SECONDS("publishDelayP99Seconds", "seconds"),
  /**
   * The publish delay the load generators' JVMs and machines alone imposed, at p99 over the window:
   * how late a thread in each that only sleeps 1 ms at a time woke, counted once per millisecond a
   * pause covered (jHiccup's method), in the same buckets as the publish delay.
   */
  GENERATOR_STALL_P99_SECONDS("generatorStallP99Seconds", "seconds"),
  /**
   * How fast the app's input lag grew over the window, in records per second: the least-squares
   * slope ({@code deriv}) of the lag the latency consumer samples.
   */
  INPUT_LAG_GROWTH_PER_SEC("inputLagGrowthPerSec", "records/s"),
  /**
   * The app's input lag when the window started: the last value the latency consumer exported in
   * the two scrape intervals before it (its lag as of the app's last commit).
   */
  INPUT_LAG_AT_START("inputLagAtStart", "records"),
  /**
   * Bytes per second into the app over the window: the serialized keys and values the load
   * generators had acknowledged.
   */
  BYTES_IN_PER_SEC("bytesInPerSec", "bytes/s"),
  /**
   * Bytes per second out of the app over the window: the serialized keys and values the latency
   * consumer read.
   */
  BYTES_OUT_PER_SEC("bytesOutPerSec", "bytes/s"),
  /** Records consumed per second over the window (latency consumer). */
  CONSUMED_PER_SEC("consumedPerSec", "records/s"),
  /**
   * How many samples Prometheus holds of the latency consumer's record counter in the window: its
   * scrapes, which the window's length divides into the interval Prometheus actually kept.
   */
  LATENCY_CONSUMER_SCRAPES("latencyConsumerScrapes", "samples"),
  /** State restoration: the records the app restored, read just after the window. */
  RESTORED_RECORDS("restoredRecords", "records"),
  /** State restoration: the bytes of the app's state directory, read just after the window. */
  STATE_BYTES("stateBytes", "bytes"),
  /**
   * The largest the app's state directory (stores, checkpoints) was in the window: the Kafka
   * Streams reference app's {@code sg_app_state_bytes}.
   */
  STATE_PEAK_BYTES("statePeakBytes", "bytes");

  private final String key;
  private final String unit;

  Figure(String key, String unit) {
    this.key = key;
    this.unit = unit;
  }

  /** The name used in specs and result documents, e.g. {@code heapBytes}. */
  public String key() {
    return key;
  }

  /** True for the GC pause figures, which count only the GC beans that time pauses. */
  public boolean isGcPause() {
    return this == GC_PAUSE_SECONDS || this == GC_PAUSE_MAX_SECONDS;
  }

  /** True for a figure with one value per topic ({@code topic} label) rather than one in all. */
  public boolean byTopic() {
    return this == PRODUCED_PER_SEC_BY_TOPIC;
  }

  /** The unit of the query's value. */
  public String unit() {
    return unit;
  }
}
