/**
 * The load generator: an open-loop, fixed-rate Kafka producer. Record {@code i} of a topic is due
 * at {@code start + i / rate} and carries that instant as its timestamp, whatever time it is
 * actually sent, so a producer that falls behind shows up downstream as latency. The wire contract
 * is in {@link io.streamgauge.common.RecordHeaders}.
 */
package io.streamgauge.loadgen;
