package io.streamgauge.common;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Map;

/**
 * Where a Streamgauge process (the reference app, the load generator, the latency consumer) serves
 * its HTTP endpoints: every interface — in a pod, so Prometheus and the operator reach it — unless
 * {@value #VARIABLE} names an address. Local mode sets it to {@code 127.0.0.1} for every process it
 * starts, so nothing off the machine reaches a run's latency API or metrics.
 */
public final class ListenAddress {

  /** The environment variable naming the address to listen on (an IP address). */
  public static final String VARIABLE = "STREAMGAUGE_LISTEN_ADDRESS";

  /** The loopback address local mode listens on. */
  public static final String LOOPBACK = "127.0.0.1";

  private ListenAddress() {}

  /** {@code port} on the address this process's environment names, or on every interface. */
  public static InetSocketAddress of(int port) {
    return of(port, System.getenv());
  }

  /**
   * {@code port} on the address {@code env} names, or on every interface.
   *
   * @throws IllegalArgumentException naming the variable when its value is no IP address
   */
  public static InetSocketAddress of(int port, Map<String, String> env) {
    String address = env.getOrDefault(VARIABLE, "").strip();
    if (address.isEmpty()) {
      return new InetSocketAddress(port);
    }
    if (!address.matches("[0-9.]+|[0-9a-fA-F:]+")) {
      throw new IllegalArgumentException(VARIABLE + ": '" + address + "' is not an IP address");
    }
    try {
      return new InetSocketAddress(InetAddress.getByName(address), port);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(VARIABLE + ": '" + address + "' is not an IP address");
    }
  }
}
