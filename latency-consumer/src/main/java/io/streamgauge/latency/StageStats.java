package io.streamgauge.latency;

/**
 * Where one output topic's end-to-end latency went, record by record: the <em>publish delay</em>
 * (the generator's actual send minus the intended time, from the trace header), the time
 * <em>through the app</em> until the output record was written (first readable uncommitted, less
 * the publish delay) and the <em>commit wait</em> (readable committed minus written). The three add
 * up to the record's end-to-end latency. Kept for the measurement window and live (for /metrics);
 * the measurement window also by how late the records were ({@link #BAND_UPPER_MS}), each band with
 * its stages' sums, so the stages of the slow tail can be told from those of the median. Used under
 * the {@link LatencyRecorder}'s lock.
 */
final class StageStats {

  /** The stages, in the order they happen. */
  enum Stage {
    PUBLISH_DELAY("publishDelay"),
    THROUGH_APP("throughApp"),
    COMMIT_WAIT("commitWait");

    /** The stage's name in the results document and on /metrics. */
    final String key;

    Stage(String key) {
      this.key = key;
    }
  }

  /** Upper bounds (ms) of the end-to-end latency bands; the last band has none. */
  static final long[] BAND_UPPER_MS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000};

  final WindowStats[] measurement = windows();
  final WindowStats[] live = windows();
  final long[] liveSumMicros = new long[Stage.values().length];

  /** Matched records of the measurement window. */
  long matched;

  /** Matched records of the measurement window whose publish delay was known. */
  long withPublishDelay;

  /** Per band: records, then each stage's sum in microseconds. */
  final long[][] bands = new long[BAND_UPPER_MS.length + 1][1 + Stage.values().length];

  /** The output partitions' matchers, by partition number. */
  private StageMatch[] partitions = new StageMatch[0];

  /** The matcher of {@code partition}. */
  StageMatch partition(int partition) {
    if (partition >= partitions.length) {
      partitions = java.util.Arrays.copyOf(partitions, partition + 1);
    }
    StageMatch match = partitions[partition];
    if (match == null) {
      match = new StageMatch();
      partitions[partition] = match;
    }
    return match;
  }

  /** Records read committed that will never be matched, over every partition. */
  long unmatched() {
    long unmatched = 0;
    for (StageMatch m : partitions) {
      unmatched += m == null ? 0 : m.unmatched();
    }
    return unmatched;
  }

  /**
   * One matched record's stages.
   *
   * @param inMeasurement whether its timestamp is inside the measurement window
   */
  void record(
      boolean inMeasurement,
      long writtenMicros,
      long committedMicros,
      long timestampMs,
      long publishMicros) {
    long intendedMicros = timestampMs * 1000;
    long publish = Math.max(0, publishMicros);
    long throughApp = writtenMicros - intendedMicros - publish;
    long commitWait = committedMicros - writtenMicros;
    if (publishMicros >= 0) {
      live[0].record(publish);
      liveSumMicros[0] += publish;
    }
    live[1].record(throughApp);
    liveSumMicros[1] += Math.max(0, throughApp);
    live[2].record(commitWait);
    liveSumMicros[2] += commitWait;
    if (!inMeasurement) {
      return;
    }
    matched++;
    if (publishMicros >= 0) {
      withPublishDelay++;
      measurement[0].record(publish);
    }
    measurement[1].record(throughApp);
    measurement[2].record(commitWait);
    long[] band = bands[band(committedMicros - intendedMicros)];
    band[0]++;
    band[1] += publish;
    band[2] += throughApp;
    band[3] += commitWait;
  }

  private static int band(long latencyMicros) {
    for (int i = 0; i < BAND_UPPER_MS.length; i++) {
      if (latencyMicros <= BAND_UPPER_MS[i] * 1000) {
        return i;
      }
    }
    return BAND_UPPER_MS.length;
  }

  private static WindowStats[] windows() {
    WindowStats[] windows = new WindowStats[Stage.values().length];
    for (int i = 0; i < windows.length; i++) {
      windows[i] = new WindowStats();
    }
    return windows;
  }
}
