package io.streamgauge.platform.kubernetes;

import java.util.Map;

/**
 * The images of the load generator and the latency consumer the operator deploys.
 *
 * @param loadGenerator image running {@code load-generator.jar}
 * @param latencyConsumer image running {@code latency-consumer.jar}
 */
public record ClientImages(String loadGenerator, String latencyConsumer) {

  /** Default tag of both images. */
  public static final String VERSION = "0.1.0";

  /**
   * From {@code STREAMGAUGE_LOAD_GENERATOR_IMAGE} and {@code STREAMGAUGE_LATENCY_CONSUMER_IMAGE},
   * defaulting to {@code ghcr.io/streamgauge/<client>:}{@value #VERSION}.
   */
  public static ClientImages fromEnvironment(Map<String, String> env) {
    return new ClientImages(
        env.getOrDefault(
            "STREAMGAUGE_LOAD_GENERATOR_IMAGE", "ghcr.io/streamgauge/load-generator:" + VERSION),
        env.getOrDefault(
            "STREAMGAUGE_LATENCY_CONSUMER_IMAGE",
            "ghcr.io/streamgauge/latency-consumer:" + VERSION));
  }
}
