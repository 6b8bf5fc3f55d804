package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScrapeJobsTest {

  private static final String CPU = "sum(rate(process_cpu_seconds_total{$selector}[$window]))";
  private static final String SELECTOR = "namespace=\"bench\"";

  @Test
  void jobsThatScrapeDifferentTargetsAllCount() {
    ScrapeJobs jobs =
        scraped(
            "process_cpu_seconds_total",
            "load-generator-0",
            "127.0.0.1:41671",
            "load-generator-1",
            "127.0.0.1:45863");

    assertThat(jobs.restrictionFor(CPU)).isEmpty();
  }

  @Test
  void aTargetScrapedByTwoJobsCountsOnceFromTheFirstByName() {
    ScrapeJobs jobs =
        scraped(
            "process_cpu_seconds_total",
            "bench/run-app",
            "10.0.0.7:9404",
            "annotated-pods",
            "10.0.0.7:9404");

    ScrapeJobs.Restriction restriction = jobs.restrictionFor(CPU).orElseThrow();

    assertThat(restriction.leftOut()).containsExactly("bench/run-app");
    assertThat(restriction.restrict(SELECTOR))
        .isEqualTo("namespace=\"bench\",job!=\"bench/run-app\"");
    assertThat(restriction.note())
        .isEqualTo(
            "scraped by 2 jobs at once (annotated-pods, bench/run-app): counted once, without"
                + " job(s) bench/run-app");
  }

  @Test
  void onlyTheJobThatScrapesATargetAgainIsLeftOut() {
    ScrapeJobs jobs =
        scraped(
            "process_cpu_seconds_total",
            "annotated-pods",
            "10.0.0.7:9404",
            "bench/run-app",
            "10.0.0.7:9404",
            "zgc",
            "10.0.0.8:9404");

    assertThat(jobs.restrictionFor(CPU).orElseThrow().leftOut()).containsExactly("bench/run-app");
  }

  @Test
  void theJobThatScrapedMostTargetsIsKept() {
    ScrapeJobs jobs =
        scraped(
            "process_cpu_seconds_total",
            "a-extra",
            "10.0.0.7:9404",
            "pods",
            "10.0.0.7:9404",
            "pods",
            "10.0.0.8:9404");

    assertThat(jobs.restrictionFor(CPU).orElseThrow().leftOut()).containsExactly("a-extra");
  }

  @Test
  void whenNoChoiceOfJobsCountsEachTargetOnceNothingIsLeftOutAndTheNoteSaysSo() {
    ScrapeJobs jobs =
        scraped(
            "process_cpu_seconds_total",
            "a",
            "t1",
            "a",
            "t2",
            "b",
            "t2",
            "b",
            "t3",
            "c",
            "t1",
            "c",
            "t3");

    ScrapeJobs.Restriction restriction = jobs.restrictionFor(CPU).orElseThrow();

    assertThat(restriction.leftOut()).isEmpty();
    assertThat(restriction.restrict(SELECTOR)).isEqualTo(SELECTOR);
    assertThat(restriction.note())
        .isEqualTo(
            "scraped by 3 jobs at once (a, b, c), and no set of jobs found counts each target once:"
                + " summed as stored");
  }

  @Test
  void onlyTheTemplatesOwnMetricsMatter() {
    ScrapeJobs jobs =
        scraped(
            "jvm_threads_current",
            "annotated-pods",
            "10.0.0.7:9404",
            "bench/run-app",
            "10.0.0.7:9404");

    assertThat(jobs.restrictionFor(CPU)).isEmpty();
    assertThat(ScrapeJobs.none().restrictionFor(CPU)).isEmpty();
  }

  @Test
  void aJobNameIsQuotedInTheMatcher() {
    ScrapeJobs.Restriction restriction = new ScrapeJobs.Restriction(Set.of("a\"b\\c"), "");

    assertThat(restriction.restrict(SELECTOR))
        .isEqualTo("namespace=\"bench\",job!=\"a\\\"b\\\\c\"");
  }

  /** The result of {@link ScrapeJobs#query} for one metric, given as job, instance pairs. */
  private static ScrapeJobs scraped(String metric, String... jobAndInstance) {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < jobAndInstance.length; i += 2) {
      samples.add(
          new Sample(
              Map.of(
                  "__name__", metric, "job", jobAndInstance[i], "instance", jobAndInstance[i + 1]),
              1));
    }
    return ScrapeJobs.of(samples);
  }
}
