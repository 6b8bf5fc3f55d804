/**
 * What the load generator and the latency consumer share: the record wire contract ({@link
 * RecordHeaders}) and the HTTP endpoint serving Prometheus metrics and health ({@link
 * MetricsServer}).
 */
package io.streamgauge.common;
