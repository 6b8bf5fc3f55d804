package io.streamgauge.results;

/** The component names figures are collected and reported under. */
public final class Components {

  /** The app under test. */
  public static final String APP = "app";

  /** The load generators, together. */
  public static final String LOAD_GENERATOR = "load-generator";

  /** The latency consumer. */
  public static final String LATENCY_CONSUMER = "latency-consumer";

  private Components() {}
}
