package io.streamgauge.series;

import io.streamgauge.api.spec.BenchmarkRunSpec;

/**
 * One run of a series, as planned: its place in the order, its name, what it measures and its spec.
 *
 * @param index its place in the order, from 1
 * @param name the BenchmarkRun's name: {@code <series>-<index>}
 * @param cellName the name of the suite cell it measures; null for a run's repetitions and a
 *     capacity search's probes
 * @param repetition which repetition of its cell (or run) it is, from 1
 * @param spec what it runs: every default resolved, no repetitions and no gate of its own
 */
public record PlannedRun(
    int index, String name, String cellName, int repetition, BenchmarkRunSpec spec) {

  /** A short description for progress lines: {@code s-3 (ks/wordcount/…/x1, repetition 2)}. */
  public String describe() {
    return name
        + " ("
        + (cellName == null ? "" : cellName + ", ")
        + "repetition "
        + repetition
        + ")";
  }
}
