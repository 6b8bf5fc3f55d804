package io.streamgauge.results;

import io.streamgauge.api.summary.CheckResult;

/**
 * The validity checks {@link RunChecks} evaluates, each under the name status, result documents and
 * reports give it ({@code summary.checks[].name}, {@code failedChecks}).
 */
public enum CheckName {
  /** The load generators produced the target rate (per topic when measured per topic). */
  PRODUCED_RATE("producedRate"),
  /** The load generators sent on schedule at p99. */
  PUBLISH_DELAY_P99("publishDelayP99"),
  /** The app's input lag did not grow over the window. */
  LAG_GROWTH("lagGrowth"),
  /** The window began with the app caught up. */
  BACKLOG_AT_START("backlogAtStart"),
  /** An app still behind when its catch-up ran out was not falling further behind. */
  CATCH_UP("catchUp"),
  /** The app's container was not throttled beyond the bound. */
  CPU_THROTTLING("cpuThrottling"),
  /** The app's CPU figure describes enough of the window (cAdvisor's samples span it). */
  CPU_COVERAGE("cpuCoverage"),
  /** Enough records were timed in the window. */
  LATENCY_SAMPLES("latencySamples"),
  /** Every output partition was read past the window's end. */
  LATENCY_TAIL("latencyTail"),
  /** Send and receive times came from clocks that agree (no negative latency). */
  CLOCK("clock"),
  /** Prometheus scraped as often as spec.prometheus.scrapeInterval says. */
  SCRAPE_INTERVAL("scrapeInterval"),
  /** No send failed. */
  FAILED_SENDS("failedSends"),
  /** No record produced in the window went missing from the output. */
  LOST_RECORDS("lostRecords"),
  /** No record was read twice under exactly-once. */
  DUPLICATED_RECORDS("duplicatedRecords"),
  /** A restoration restored every record prepopulated. */
  RESTORED_RECORDS("restoredRecords");

  private final String id;

  CheckName(String id) {
    this.id = id;
  }

  /** The name as written in status and documents, e.g. {@code producedRate}. */
  public String id() {
    return id;
  }

  /** Whether {@code check} is this check. */
  public boolean is(CheckResult check) {
    return id.equals(check.getName());
  }

  @Override
  public String toString() {
    return id;
  }
}
