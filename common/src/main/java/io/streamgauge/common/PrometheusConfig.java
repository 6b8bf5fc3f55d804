package io.streamgauge.common;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A {@code prometheus.yml} scraping static targets, each job with extra labels (e.g. {@code
 * namespace} and {@code pod}, so local processes look like the Kubernetes pods every query
 * selects).
 */
public final class PrometheusConfig {

  /**
   * One scrape job.
   *
   * @param name the job label
   * @param targets {@code host:port} targets
   * @param path the metrics path, e.g. {@code /metrics}
   * @param labels extra labels on every series of the job
   */
  public record ScrapeJob(
      String name, List<String> targets, String path, Map<String, String> labels) {

    /** A job on {@code /metrics}. */
    public ScrapeJob(String name, List<String> targets, Map<String, String> labels) {
      this(name, targets, "/metrics", labels);
    }
  }

  private PrometheusConfig() {}

  /** The configuration: every job scraped (and rules evaluated) every {@code interval}. */
  public static String yaml(Duration interval, List<ScrapeJob> jobs) {
    String every = interval.toMillis() + "ms";
    StringBuilder yaml =
        new StringBuilder("global:\n")
            .append("  scrape_interval: ")
            .append(every)
            .append("\n  scrape_timeout: ")
            .append(every)
            .append("\n  evaluation_interval: ")
            .append(every)
            .append("\nscrape_configs:\n");
    for (ScrapeJob job : jobs) {
      yaml.append("  - job_name: ")
          .append(quote(job.name()))
          .append("\n    metrics_path: ")
          .append(quote(job.path()))
          .append("\n    static_configs:\n      - targets: [")
          .append(String.join(", ", job.targets().stream().map(PrometheusConfig::quote).toList()))
          .append("]\n");
      if (!job.labels().isEmpty()) {
        yaml.append("        labels:\n");
        job.labels()
            .forEach(
                (k, v) ->
                    yaml.append("          ").append(k).append(": ").append(quote(v)).append('\n'));
      }
    }
    return yaml.toString();
  }

  private static String quote(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
