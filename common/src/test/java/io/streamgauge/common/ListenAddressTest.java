package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ListenAddressTest {

  @Test
  void withoutTheVariableEveryInterfaceListens() {
    assertThat(ListenAddress.of(8080, Map.of()).getAddress().isAnyLocalAddress()).isTrue();
    assertThat(ListenAddress.of(8080, Map.of(ListenAddress.VARIABLE, " ")).getPort())
        .isEqualTo(8080);
  }

  @Test
  void theVariableNamesTheAddress() {
    assertThat(
            ListenAddress.of(0, Map.of(ListenAddress.VARIABLE, ListenAddress.LOOPBACK))
                .getAddress()
                .isLoopbackAddress())
        .isTrue();
    assertThat(ListenAddress.of(0, Map.of(ListenAddress.VARIABLE, "::1")).getAddress())
        .satisfies(a -> assertThat(a.isLoopbackAddress()).isTrue());
  }

  @Test
  void aHostNameIsRefusedWithoutALookUp() {
    assertThatThrownBy(() -> ListenAddress.of(0, Map.of(ListenAddress.VARIABLE, "example.com")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("STREAMGAUGE_LISTEN_ADDRESS: 'example.com' is not an IP address");
  }
}
