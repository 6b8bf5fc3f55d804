/**
 * The latency consumer: the downstream service of the methodology. It reads the app's output topics
 * ({@code read_committed} by default, so transaction commit cadence is part of what it measures)
 * and records, per record, receipt wall-clock time minus record timestamp into one HdrHistogram per
 * window and topic. A record belongs to the window its <em>timestamp</em> (the load generator's
 * intended send time) falls in, so records delayed past a window's end still count with their full
 * latency.
 */
package io.streamgauge.latency;
