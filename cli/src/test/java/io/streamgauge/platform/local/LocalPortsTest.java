package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.common.ListenPorts;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class LocalPortsTest {

  @Test
  void everyPortIsDistinctAndFree() {
    LocalPorts ports = LocalPorts.pick(0, 0, 2, 3);

    List<Integer> all = new ArrayList<>(ports.loadGenerators());
    all.addAll(ports.apps());
    all.addAll(
        List.of(
            ports.kafka(),
            ports.kafkaController(),
            ports.latencyConsumer(),
            ports.prometheus(),
            ports.runMetrics(),
            ports.schemaRegistry()));
    assertThat(ports.apps()).hasSize(2);
    assertThat(all).hasSize(11).doesNotHaveDuplicates();
    assertThat(new HashSet<>(all)).allMatch(LocalPorts::isFree);
  }

  @Test
  void aRequestedPortIsUsedOrNamedWhenTaken() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();

      assertThatThrownBy(() -> LocalPorts.pick(port, 0, 1))
          .isInstanceOf(LocalPorts.PortInUseException.class)
          .hasMessage("port " + port + " (--kafka-port) is in use on this machine");
    }
    int free = ListenPorts.pick();
    LocalPorts ports = LocalPorts.pick(0, free, 2, 1);
    assertThat(ports.app()).isEqualTo(free);
    assertThat(ports.apps()).hasSize(2).doesNotHaveDuplicates();
  }
}
