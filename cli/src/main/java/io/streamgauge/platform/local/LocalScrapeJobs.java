package io.streamgauge.platform.local;

import io.streamgauge.common.PrometheusConfig.ScrapeJob;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTargets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The local Prometheus' jobs: one per process, each labelled like the pod it stands for, and the
 * command's own run state (as the operator's is scraped in a cluster).
 */
final class LocalScrapeJobs {

  private LocalScrapeJobs() {}

  static List<ScrapeJob> of(RunContext run, LocalPorts ports) {
    List<ScrapeJob> jobs = new ArrayList<>();
    jobs.add(
        new ScrapeJob(
            "streamgauge",
            List.of("127.0.0.1:" + ports.runMetrics()),
            Map.of("namespace", LocalPlatform.NAMESPACE)));
    for (int i = 0; i < ports.apps().size(); i++) {
      jobs.add(
          job(
              run,
              i == 0 ? Component.APP.label() : Component.APP.label() + "-" + i,
              ports.apps().get(i),
              run.spec().getApp().getMetrics().getPath(),
              podName(run, Component.APP, i)));
    }
    jobs.add(
        job(
            run,
            Component.LATENCY_CONSUMER.label(),
            ports.latencyConsumer(),
            "/metrics",
            podName(run, Component.LATENCY_CONSUMER, 0)));
    for (int i = 0; i < ports.loadGenerators().size(); i++) {
      jobs.add(
          job(
              run,
              Component.LOAD_GENERATOR + "-" + i,
              ports.loadGenerators().get(i),
              "/metrics",
              podName(run, Component.LOAD_GENERATOR, i)));
    }
    return jobs;
  }

  /**
   * The pod a process stands for: {@code <run>-app-local-0} (app instance 0), {@code
   * <run>-app-local-1}, {@code <run>-latency-local-0}, {@code <run>-load-0-local}.
   */
  static String podName(RunContext run, Component component, int index) {
    String base = RunTargets.name(run.name(), component);
    return switch (component) {
      case LOAD_GENERATOR -> base + "-" + index + "-local";
      case APP -> base + "-local-" + index;
      case LATENCY_CONSUMER -> base + "-local-0";
    };
  }

  private static ScrapeJob job(RunContext run, String name, int port, String path, String pod) {
    return new ScrapeJob(
        name,
        List.of("127.0.0.1:" + port),
        path,
        Map.of("namespace", LocalPlatform.NAMESPACE, "pod", pod, "streamgauge_io_run", run.name()));
  }
}
