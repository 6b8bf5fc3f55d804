/**
 * The one machine of every series of runs, on both platforms: {@link
 * io.streamgauge.series.SeriesDriver} runs one run at a time over a platform's {@link
 * io.streamgauge.series.SeriesRuns} (child BenchmarkRuns on Kubernetes; locally a run run to its
 * end and read back from its {@code result.json}), and each kind of series plugs in as a {@link
 * io.streamgauge.series.SeriesKind}: a run's repetitions and a suite's cells as a {@link
 * io.streamgauge.series.PlannedSeries} (package {@code suite}), a capacity search's probes chosen
 * one by one (package {@code capacity}). A failed run is recorded ({@link
 * io.streamgauge.series.RecordedRuns}) and the series goes on; only its kind decides whether an
 * ended run stops it. A parent run's own phases are {@link io.streamgauge.series.ParentRunPhases}.
 * Nothing here knows a kind of series or a platform.
 */
package io.streamgauge.series;
