/**
 * A run's results: the latency consumer's exact window results merged with the Prometheus figures
 * into the status summary ({@link io.streamgauge.results.SummaryAssembler}) and the full result
 * document ({@link io.streamgauge.results.ResultDocument}).
 */
package io.streamgauge.results;
