/**
 * The figures a finished {@code BenchmarkRun} reports ({@code status.summary}): latency by segment,
 * throughput, efficiency, integrity, start-up, catch-up, restoration, faults, and the validity
 * checks they were judged by.
 */
package io.streamgauge.api.summary;
