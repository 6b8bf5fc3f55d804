package io.streamgauge.metrics;

import java.util.List;

/**
 * One quantity of a run over time, for plots: a point per scrape interval from the warmup's start
 * to the measurement's end. Plots only: every figure of the summary comes from the window's own
 * queries (and latency from the latency consumer's HdrHistogram), never from these points.
 *
 * @param name what it is: {@code producedPerSec}, {@code consumedPerSec}, {@code latencyP99Ms},
 *     {@code cpuCores}, {@code memoryMiB} or {@code heapMiB}
 * @param component whose it is
 * @param unit the unit of the values
 * @param query the PromQL query
 * @param points the values in time order
 */
public record PlotSeries(
    String name, Component component, String unit, String query, List<RangeSeries.Point> points) {}
