package io.streamgauge.platform;

import io.streamgauge.api.spec.Scenario;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.MetricProfile;
import io.streamgauge.metrics.MetricProfiles;
import io.streamgauge.metrics.ScrapeTarget;
import io.streamgauge.scenario.ReferenceRuntime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A run's components as Prometheus sees them, the same on every platform: series labelled with the
 * run's {@code namespace} and a {@code pod} named {@code <workload>-<a>-<b>}, the component's
 * workload name ({@code <run>-app}, {@code <run>-latency}, {@code <run>-load}) and exactly two more
 * segments — a Deployment's pods are {@code <deployment>-<template hash>-<suffix>}, an indexed
 * Job's {@code <job>-<index>-<suffix>}; local mode labels its processes in the same shape. An app
 * of several instances runs a Deployment per instance, {@code <run>-app-<index>}, so its pods have
 * one numeric segment more. Matching the segments exactly keeps another run's pods out: run {@code
 * a}'s app selector does not match run {@code a-app-x}'s pods ({@code a-app-x-app-<hash>-<suffix>})
 * nor run {@code a-app-1}'s ({@code a-app-1-app-<hash>-<suffix>}). cAdvisor's series carry no pod
 * labels, so the pod name is the selector every figure source shares.
 */
public final class RunTargets {

  /** The app figures only some exporters offer. */
  private static final Set<Figure> EXPORTER_DEPENDENT =
      EnumSet.of(
          Figure.HEAP_BYTES, Figure.GC_PAUSE_SECONDS, Figure.GC_PAUSE_MAX_SECONDS, Figure.THREADS);

  private RunTargets() {}

  /**
   * The name of {@code component}'s workload, which its pods' names start with: {@code <run>-app},
   * {@code <run>-latency} or {@code <run>-load}.
   */
  public static String name(String runName, Component component) {
    return component.workloadName(runName);
  }

  /** Label matchers selecting {@code component}'s series of {@code run}, and no other run's. */
  public static String selector(RunContext run, Component component) {
    return "namespace=\""
        + run.namespace()
        + "\",pod=~\""
        + literal(name(run.name(), component))
        + (component == Component.APP ? "(-[0-9]+)?" : "")
        + "-[a-z0-9]+-[a-z0-9]+\"";
  }

  /** Label matchers selecting the series of one pod of {@code run}, e.g. an app instance's. */
  public static String podSelector(RunContext run, String pod) {
    return "namespace=\"" + run.namespace() + "\",pod=\"" + pod + "\"";
  }

  /**
   * {@code name} as a PromQL regex matching only itself: Kubernetes names hold lowercase letters,
   * digits, '-' and '.', and only '.' is special (written {@code \\.} inside a PromQL string).
   */
  static String literal(String name) {
    return name.replace(".", "\\\\.");
  }

  /**
   * The figures wanted from each component: the app's resources from {@code appProfiles} (tried in
   * order; CPU throttling where cAdvisor is among them, since only a container has a CPU quota),
   * produced and consumed rates from the load generator's and latency consumer's own counters. Of
   * the app's figures beyond CPU and memory (heap, GC pause and its maximum, threads), only those a
   * profile offers are asked for ({@link #offered}).
   */
  public static List<ScrapeTarget> of(RunContext run, List<MetricProfile> appProfiles) {
    if (run.spec().getScenario() == Scenario.STATE_RESTORATION) {
      return List.of(restoringApp(run, appProfiles));
    }
    EnumSet<Figure> appFigures =
        EnumSet.of(
            Figure.CPU_CORES,
            Figure.MEMORY_BYTES,
            Figure.MEMORY_PEAK_BYTES,
            Figure.HEAP_BYTES,
            Figure.GC_PAUSE_SECONDS,
            Figure.GC_PAUSE_MAX_SECONDS,
            Figure.THREADS);
    if (appProfiles.contains(MetricProfiles.CADVISOR)) {
      appFigures.add(Figure.CPU_THROTTLED_SHARE);
      appFigures.add(Figure.CPU_THROTTLED_SECONDS);
    }
    List<MetricProfile> profiles = appProfiles;
    if (reportsItsState(run)) {
      profiles = new ArrayList<>(appProfiles);
      profiles.add(MetricProfiles.STREAMGAUGE_APP);
      appFigures.add(Figure.STATE_PEAK_BYTES);
    }
    return List.of(
        new ScrapeTarget(
            Component.APP, selector(run, Component.APP), profiles, offered(appFigures, profiles)),
        new ScrapeTarget(
            Component.LOAD_GENERATOR,
            selector(run, Component.LOAD_GENERATOR),
            List.of(MetricProfiles.STREAMGAUGE),
            EnumSet.of(
                Figure.PRODUCED_PER_SEC,
                Figure.PRODUCED_PER_SEC_BY_TOPIC,
                Figure.PUBLISH_DELAY_P99_SECONDS,
                Figure.GENERATOR_STALL_P99_SECONDS,
                Figure.BYTES_IN_PER_SEC)),
        new ScrapeTarget(
            Component.LATENCY_CONSUMER,
            selector(run, Component.LATENCY_CONSUMER),
            List.of(MetricProfiles.STREAMGAUGE),
            EnumSet.of(
                Figure.CONSUMED_PER_SEC,
                Figure.INPUT_LAG_GROWTH_PER_SEC,
                Figure.INPUT_LAG_AT_START,
                Figure.BYTES_OUT_PER_SEC,
                Figure.LATENCY_CONSUMER_SCRAPES)));
  }

  /**
   * True for a Kafka Streams app of a scenario with state: the reference app exports its state
   * directory's size ({@code sg_app_state_bytes}); an image of the user's that does not has the
   * figure listed as missing, saying so. (On a cluster the reference app is named by its image too,
   * so the image cannot tell the two apart.)
   */
  private static boolean reportsItsState(RunContext run) {
    var spec = run.spec();
    boolean stateful =
        spec.getScenario() == Scenario.WORDCOUNT || spec.getScenario() == Scenario.STATEFUL_JOINS;
    return stateful && ReferenceRuntime.KAFKA_STREAMS.runtime().equals(spec.getApp().getRuntime());
  }

  /**
   * State restoration: the app alone (the load generators ended before the window), with the peaks
   * and the reference app's restoration gauges besides the usual figures.
   */
  private static ScrapeTarget restoringApp(RunContext run, List<MetricProfile> appProfiles) {
    List<MetricProfile> profiles = new ArrayList<>(appProfiles);
    profiles.add(MetricProfiles.STREAMGAUGE_APP);
    return new ScrapeTarget(
        Component.APP,
        selector(run, Component.APP),
        profiles,
        offered(
            EnumSet.of(
                Figure.CPU_CORES,
                Figure.CPU_CORES_PEAK,
                Figure.MEMORY_BYTES,
                Figure.MEMORY_PEAK_BYTES,
                Figure.HEAP_BYTES,
                Figure.GC_PAUSE_SECONDS,
                Figure.GC_PAUSE_MAX_SECONDS,
                Figure.THREADS,
                Figure.RESTORED_RECORDS,
                Figure.STATE_BYTES),
            profiles));
  }

  /**
   * {@code wanted} less the figures that depend on what the app's exporter offers (heap, GC pause
   * and its maximum, threads) where none of {@code profiles} has a query for them: client_java's
   * JVM metrics keep no GC pause maximum and a non-JVM app has no heap, and a figure nothing could
   * measure is no alarm to raise at the end of every run. The metric profiles reference says which
   * profile offers which figure; a figure a profile offers but Prometheus lacks is still missing,
   * with the reason. CPU and memory are always asked for: every run needs them.
   */
  static Set<Figure> offered(Set<Figure> wanted, List<MetricProfile> profiles) {
    Set<Figure> asked = EnumSet.copyOf(wanted);
    asked.removeIf(
        f ->
            EXPORTER_DEPENDENT.contains(f)
                && profiles.stream().noneMatch(p -> p.queries().containsKey(f)));
    return asked;
  }
}
