package io.streamgauge.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which Prometheus jobs scraped which targets of a component's metrics. A Prometheus that honours
 * both a PodMonitor and the pods' {@code prometheus.io/*} annotations (or any two jobs with the
 * same targets) stores every series of such a target twice, once per job, and every {@code sum} in
 * a figure doubles. A target is its {@code instance} label (the address Prometheus scraped), so two
 * jobs that scrape <em>different</em> targets — local mode's one job per load generator — are not
 * duplicates and both count. When a target was scraped by several jobs, the figure's query leaves
 * out the jobs that would count a target a second time.
 */
final class ScrapeJobs {

  /** The query that finds them, for a component's label matchers. */
  static String query(String selector) {
    return "count by (__name__, job, instance) ({" + selector + "})";
  }

  /** A metric's name where a template uses it with the component's selector. */
  private static final Pattern METRIC =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{[^{}]*\\$selector");

  /** Per metric, per target (instance; empty when unlabelled), the jobs that scraped it. */
  private final Map<String, SortedMap<String, SortedSet<String>>> jobsByMetricAndTarget;

  /** False when the query was refused: nothing is known about which metrics were scraped. */
  private final boolean known;

  private ScrapeJobs(
      Map<String, SortedMap<String, SortedSet<String>>> jobsByMetricAndTarget, boolean known) {
    this.jobsByMetricAndTarget = jobsByMetricAndTarget;
    this.known = known;
  }

  /** From the result of {@link #query}. */
  static ScrapeJobs of(List<Sample> samples) {
    Map<String, SortedMap<String, SortedSet<String>>> jobs = new TreeMap<>();
    for (Sample s : samples) {
      String metric = s.labels().get("__name__");
      String job = s.labels().get("job");
      if (metric != null && job != null) {
        jobs.computeIfAbsent(metric, m -> new TreeMap<>())
            .computeIfAbsent(s.labels().getOrDefault("instance", ""), i -> new TreeSet<>())
            .add(job);
      }
    }
    return new ScrapeJobs(jobs, true);
  }

  /** When nothing is known (no series yet): no template is restricted. */
  static ScrapeJobs none() {
    return new ScrapeJobs(Map.of(), false);
  }

  /**
   * The metrics {@code template} reads with the component's selector of which the component has no
   * series at all; empty when every one has some, or when nothing is known ({@link #none}).
   */
  SortedSet<String> unscraped(String template) {
    SortedSet<String> unscraped = new TreeSet<>();
    if (known) {
      Matcher m = METRIC.matcher(template);
      while (m.find()) {
        if (!jobsByMetricAndTarget.containsKey(m.group(1))) {
          unscraped.add(m.group(1));
        }
      }
    }
    return unscraped;
  }

  /**
   * The restriction {@code template} needs: empty when every target of its metrics was scraped by
   * one job; otherwise the jobs to leave out so that each target counts once (the jobs that cover
   * most targets kept first, then by name), or, when that choice does not count each target once,
   * none left out and a note saying the figure counts some targets twice.
   */
  Optional<Restriction> restrictionFor(String template) {
    SortedMap<String, SortedSet<String>> jobsByTarget = jobsByTarget(template);
    SortedSet<String> duplicatedBy = new TreeSet<>();
    jobsByTarget.values().stream().filter(j -> j.size() > 1).forEach(duplicatedBy::addAll);
    if (duplicatedBy.isEmpty()) {
      return Optional.empty();
    }
    String scraped =
        "scraped by "
            + duplicatedBy.size()
            + " jobs at once ("
            + String.join(", ", duplicatedBy)
            + ")";
    Optional<SortedSet<String>> kept = jobsCountingEachTargetOnce(jobsByTarget);
    if (kept.isEmpty()) {
      return Optional.of(
          new Restriction(
              Set.of(),
              scraped + ", and no set of jobs found counts each target once: summed as stored"));
    }
    SortedSet<String> leftOut = new TreeSet<>();
    jobsByTarget.values().forEach(leftOut::addAll);
    leftOut.removeAll(kept.get());
    return Optional.of(
        new Restriction(
            leftOut, scraped + ": counted once, without job(s) " + String.join(", ", leftOut)));
  }

  /** The targets of the template's metrics, each with the jobs that scraped any of them there. */
  private SortedMap<String, SortedSet<String>> jobsByTarget(String template) {
    SortedMap<String, SortedSet<String>> jobsByTarget = new TreeMap<>();
    Matcher m = METRIC.matcher(template);
    while (m.find()) {
      jobsByMetricAndTarget
          .getOrDefault(m.group(1), new TreeMap<>())
          .forEach(
              (target, jobs) ->
                  jobsByTarget.computeIfAbsent(target, t -> new TreeSet<>()).addAll(jobs));
    }
    return jobsByTarget;
  }

  /**
   * A set of jobs holding exactly one of each target's jobs, chosen greedily (the jobs that scraped
   * most targets first, then by name); empty when that leaves a target counted twice or not at all.
   */
  private static Optional<SortedSet<String>> jobsCountingEachTargetOnce(
      SortedMap<String, SortedSet<String>> jobsByTarget) {
    SortedMap<String, SortedSet<String>> targetsByJob = new TreeMap<>();
    jobsByTarget.forEach(
        (target, jobs) ->
            jobs.forEach(j -> targetsByJob.computeIfAbsent(j, k -> new TreeSet<>()).add(target)));
    List<String> candidates = new ArrayList<>(targetsByJob.keySet());
    candidates.sort(
        Comparator.comparing((String j) -> -targetsByJob.get(j).size())
            .thenComparing(Comparator.naturalOrder()));
    SortedSet<String> kept = new TreeSet<>();
    Set<String> counted = new TreeSet<>();
    for (String job : candidates) {
      if (targetsByJob.get(job).stream().noneMatch(counted::contains)) {
        kept.add(job);
        counted.addAll(targetsByJob.get(job));
      }
    }
    return counted.equals(jobsByTarget.keySet()) ? Optional.of(kept) : Optional.empty();
  }

  /**
   * The jobs a figure's query leaves out.
   *
   * @param leftOut the jobs whose series are not counted (empty: the selector is kept as it is)
   * @param note what was done, for the result
   */
  record Restriction(Set<String> leftOut, String note) {

    /** {@code selector} without the left-out jobs' series. */
    String restrict(String selector) {
      StringBuilder restricted = new StringBuilder(selector);
      new TreeSet<>(leftOut)
          .forEach(
              job ->
                  restricted
                      .append(",job!=\"")
                      .append(job.replace("\\", "\\\\").replace("\"", "\\\""))
                      .append('"'));
      return restricted.toString();
    }
  }
}
