package io.streamgauge.platform.kubernetes;

import io.streamgauge.metrics.Component;
import java.util.Map;

/** The labels every resource a run owns carries, so they can be listed and cleaned up together. */
public final class Labels {

  /** Name of the BenchmarkRun that owns the resource. */
  public static final String RUN = "streamgauge.io/run";

  /** Always {@value #MANAGED_BY_VALUE}. */
  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";

  public static final String MANAGED_BY_VALUE = "streamgauge";

  /** On a suite's runs: the BenchmarkSuite that created them. */
  public static final String SUITE = "streamgauge.io/suite";

  /**
   * On a run's repetitions and a capacity search's probes: the BenchmarkRun (with spec.repetitions
   * or spec.capacity) that created them.
   */
  public static final String REPETITION_OF = "streamgauge.io/repetition-of";

  /**
   * On a results ConfigMap kept after its run ({@code spec.cleanup.keepResults}): {@value
   * #KEPT_RESULTS_VALUE}, so {@code kubectl get configmaps -l streamgauge.io/kept-results} lists
   * every run's evidence that outlives it.
   */
  public static final String KEPT_RESULTS = "streamgauge.io/kept-results";

  public static final String KEPT_RESULTS_VALUE = "true";

  /** Annotation on a kept results ConfigMap: the uid of the run it holds the results of. */
  public static final String RUN_UID = "streamgauge.io/run-uid";

  /** Annotation on a suite's run: the cell it measures. */
  public static final String CELL = "streamgauge.io/cell";

  /** Annotation on a series' run: which repetition of its cell (or run) it is. */
  public static final String REPETITION = "streamgauge.io/repetition";

  private Labels() {}

  /** Which part of a run a resource belongs to: app, latency-consumer or load-generator. */
  public static final String COMPONENT = "app.kubernetes.io/component";

  /** The labels of one component of run {@code runName}; also its pods' selector. */
  /** The index of an app instance (from 0), on the pods and Deployment of an app of several. */
  public static final String INSTANCE = "streamgauge.io/instance";

  /**
   * The labels of app instance {@code instance} of an app of several: its Deployment selects its
   * own pods only, and a fault finds the instance it hits.
   */
  public static Map<String, String> forAppInstance(String runName, int instance) {
    Map<String, String> labels = new java.util.HashMap<>(forComponent(runName, Component.APP));
    labels.put(INSTANCE, String.valueOf(instance));
    return Map.copyOf(labels);
  }

  public static Map<String, String> forComponent(String runName, Component component) {
    return Map.of(RUN, runName, MANAGED_BY, MANAGED_BY_VALUE, COMPONENT, component.label());
  }

  /** The labels of every resource owned by run {@code runName}. */
  public static Map<String, String> forRun(String runName) {
    return Map.of(RUN, runName, MANAGED_BY, MANAGED_BY_VALUE);
  }
}
