package io.streamgauge.metrics;

/** The parts of a run whose figures are collected and reported, each with its names. */
public enum Component {
  /** The app under test. */
  APP("app", "app"),
  /** The load generators, together. */
  LOAD_GENERATOR("load-generator", "load"),
  /** The latency consumer. */
  LATENCY_CONSUMER("latency-consumer", "latency");

  private final String label;
  private final String workloadSuffix;

  Component(String label, String workloadSuffix) {
    this.label = label;
    this.workloadSuffix = workloadSuffix;
  }

  /** The name figures, labels and reports use, e.g. {@code load-generator}. */
  public String label() {
    return label;
  }

  /** The name of the component's container in its pod (the app's is {@code app}). */
  public String containerName() {
    return label;
  }

  /** What the component's workload is named after the run: {@code <run>-load}. */
  public String workloadName(String runName) {
    return runName + "-" + workloadSuffix;
  }

  @Override
  public String toString() {
    return label;
  }
}
