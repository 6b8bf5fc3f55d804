package io.streamgauge.common;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Hands out TCP ports for servers that another process binds later (a broker, Prometheus, an API
 * server), so they can be named in a configuration before anything starts.
 *
 * <p>A port the kernel hands out for port 0 comes from its ephemeral range, the range it also takes
 * the local ports of outgoing connections from: between the pick and the bind, any client on the
 * machine (a Kafka client opening its next connection) could take it, and the server then fails
 * with "address in use". The ports handed out here lie below that range, where the kernel never
 * assigns one on its own; each is checked free on every address, and none is handed out twice by
 * one JVM.
 */
public final class ListenPorts {

  /** The lowest port handed out: above the well-known and most registered service ports. */
  static final int LOWEST = 10_000;

  /** Linux's default ephemeral range starts here; used where the kernel does not say. */
  static final int DEFAULT_EPHEMERAL_START = 32_768;

  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  private ListenPorts() {}

  /**
   * A port below the kernel's ephemeral range on which nothing listens now and that this JVM has
   * not handed out before.
   *
   * @throws IllegalStateException when 1,000 random tries found none free
   */
  public static int pick() {
    int end = ephemeralStart();
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 1000; attempt++) {
      int port = random.nextInt(LOWEST, end);
      if (isFree(port) && HANDED_OUT.add(port)) {
        return port;
      }
    }
    throw new IllegalStateException(
        "no free port between " + LOWEST + " and " + end + " after 1,000 tries");
  }

  /** True when nothing listens on {@code port}, on the loopback address or on any address. */
  public static boolean isFree(int port) {
    return bindable(new InetSocketAddress(port))
        && bindable(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
  }

  private static boolean bindable(InetSocketAddress address) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(address);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The first port of the kernel's ephemeral range (Linux), or its default elsewhere. */
  static int ephemeralStart() {
    Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    try {
      if (Files.isReadable(range)) {
        int start = Integer.parseInt(Files.readString(range).trim().split("\\s+")[0]);
        if (start > LOWEST + 1000) {
          return start;
        }
      }
    } catch (IOException | RuntimeException e) {
      // Fall through: an unreadable or unusual range means the default.
    }
    return DEFAULT_EPHEMERAL_START;
  }
}
