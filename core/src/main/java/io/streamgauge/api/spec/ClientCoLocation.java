package io.streamgauge.api.spec;

/**
 * Whether the load generators must share the latency consumer's node. Latency is the consumer's
 * receive time minus the generator's send time, so it is true only when both read one clock.
 */
public enum ClientCoLocation {
  /** The load generators are scheduled only on the latency consumer's node (the default). */
  Required,
  /**
   * The scheduler prefers the latency consumer's node but may place a load generator elsewhere (a
   * cluster whose nodes cannot hold them together); the result then says the clock was not shared.
   */
  Preferred
}
