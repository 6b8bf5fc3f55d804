package io.streamgauge.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Picks a currently free TCP port on the loopback interface. */
public final class FreePort {

  private FreePort() {}

  /** A port nothing listens on right now. */
  public static int pick() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }
}
