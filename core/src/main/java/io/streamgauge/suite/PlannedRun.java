package io.streamgauge.suite;

import io.streamgauge.api.spec.BenchmarkRunSpec;

/**
 * One run of a series, as planned: its place in the order, its name, what it measures and its spec.
 *
 * @param index its place in the order, from 1
 * @param name the BenchmarkRun's name: {@code <series>-<index>}
 * @param cell the suite cell it measures; null for a run's repetitions
 * @param repetition which repetition of its cell (or run) it is, from 1
 * @param spec what it runs: every default resolved, no repetitions and no gate of its own
 */
public record PlannedRun(
    int index, String name, SuiteCell cell, int repetition, BenchmarkRunSpec spec) {

  /** Its cell's name, or null for a repetition of a run. */
  public String cellName() {
    return cell == null ? null : cell.name();
  }

  /** A short description for progress lines: {@code s-3 (ks/wordcount/…/x1, repetition 2)}. */
  public String describe() {
    return name
        + " ("
        + (cell == null ? "" : cell.name() + ", ")
        + "repetition "
        + repetition
        + ")";
  }
}
