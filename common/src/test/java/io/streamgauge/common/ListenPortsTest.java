package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ListenPortsTest {

  @Test
  void portsLieBelowTheKernelsEphemeralRangeAndAreNeverHandedOutTwice() {
    int ephemeralStart = ListenPorts.ephemeralStart();
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      int port = ListenPorts.pick();
      assertThat(port).isBetween(ListenPorts.LOWEST, ephemeralStart - 1);
      assertThat(ports.add(port)).as("port %d handed out twice", port).isTrue();
    }
  }

  @Test
  void aPickedPortCanBeBoundAndABoundOneIsNotFree() throws IOException {
    int port = ListenPorts.pick();
    try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      assertThat(ListenPorts.isFree(port)).isFalse();
    }
    assertThat(ListenPorts.isFree(port)).isTrue();
  }
}
