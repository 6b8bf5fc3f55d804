package io.streamgauge.suite;

import io.streamgauge.api.status.ResultRef;
import io.streamgauge.series.SeriesRuns;

/** What a suite needs of its platform: its runs, a place for its results, and Events. */
public interface SuitePlatform extends SeriesRuns {

  /** Stores {@code suite.md} and {@code suite.json}; returns where. */
  ResultRef storeResults(SuiteResults results);

  /** Says something about the suite: {@code warning} false for Normal, true for Warning. */
  void event(boolean warning, String reason, String message);
}
