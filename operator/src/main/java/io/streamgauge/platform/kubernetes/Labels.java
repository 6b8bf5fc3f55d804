package io.streamgauge.platform.kubernetes;

import java.util.Map;

/** The labels every resource a run owns carries, so they can be listed and cleaned up together. */
public final class Labels {

  /** Name of the BenchmarkRun that owns the resource. */
  public static final String RUN = "streamgauge.io/run";

  /** Always {@value #MANAGED_BY_VALUE}. */
  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";

  public static final String MANAGED_BY_VALUE = "streamgauge";

  private Labels() {}

  /** The labels of every resource owned by run {@code runName}. */
  public static Map<String, String> forRun(String runName) {
    return Map.of(RUN, runName, MANAGED_BY, MANAGED_BY_VALUE);
  }
}
