package io.streamgauge.metrics;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which Prometheus jobs scraped each metric of a component. A Prometheus that honours both a
 * PodMonitor and the pods' {@code prometheus.io/*} annotations (or any two jobs with the same
 * targets) stores every series twice, once per job, and every {@code sum} in a figure doubles. When
 * a figure's metric comes from several jobs, its query is restricted to one of them, so each series
 * counts once.
 */
final class ScrapeJobs {

  /** The query that finds them, for a component's label matchers. */
  static String query(String selector) {
    return "count by (__name__, job) ({" + selector + "})";
  }

  /** A metric's name where a template uses it with the component's selector. */
  private static final Pattern METRIC =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{[^{}]*\\$selector");

  private final Map<String, SortedSet<String>> jobsByMetric;

  private ScrapeJobs(Map<String, SortedSet<String>> jobsByMetric) {
    this.jobsByMetric = jobsByMetric;
  }

  /** From the result of {@link #query}. */
  static ScrapeJobs of(List<Sample> samples) {
    Map<String, SortedSet<String>> jobs = new TreeMap<>();
    for (Sample s : samples) {
      String metric = s.labels().get("__name__");
      String job = s.labels().get("job");
      if (metric != null && job != null) {
        jobs.computeIfAbsent(metric, m -> new TreeSet<>()).add(job);
      }
    }
    return new ScrapeJobs(jobs);
  }

  /** When nothing is known (no series yet): no template is restricted. */
  static ScrapeJobs none() {
    return new ScrapeJobs(Map.of());
  }

  /**
   * The restriction {@code template} needs: empty when each of its metrics comes from at most one
   * job; otherwise the first job (by name) that scraped all of them, and a note saying so.
   */
  Optional<OneJob> restrictionFor(String template) {
    SortedSet<String> all = new TreeSet<>();
    SortedSet<String> common = null;
    boolean twice = false;
    Matcher m = METRIC.matcher(template);
    while (m.find()) {
      Set<String> jobs = jobsByMetric.getOrDefault(m.group(1), new TreeSet<>());
      if (jobs.isEmpty()) {
        continue;
      }
      twice |= jobs.size() > 1;
      all.addAll(jobs);
      if (common == null) {
        common = new TreeSet<>(jobs);
      } else {
        common.retainAll(jobs);
      }
    }
    if (!twice || common == null || common.isEmpty()) {
      return Optional.empty();
    }
    String job = common.first();
    return Optional.of(
        new OneJob(
            job,
            "scraped by "
                + all.size()
                + " jobs ("
                + String.join(", ", all)
                + "): counted once, from job "
                + job));
  }

  /**
   * One job's series only.
   *
   * @param job the job kept
   * @param note what was done, for the result
   */
  record OneJob(String job, String note) {

    /** {@code selector} restricted to the job. */
    String restrict(String selector) {
      return selector + ",job=\"" + job.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
  }
}
