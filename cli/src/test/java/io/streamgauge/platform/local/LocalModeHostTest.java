package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocalModeHostTest {

  @Test
  void linuxRunsLocalModeAndMacOsOrWindowsAreToldWhatWorksThere() {
    assertThat(LocalModeHost.unsupported("Linux")).isEmpty();
    assertThat(LocalModeHost.unsupported("Mac OS X"))
        .hasValueSatisfying(
            why ->
                assertThat(why)
                    .startsWith("local mode runs on Linux only")
                    .contains("not on Mac OS X", "without --local", "compare"));
    assertThat(LocalModeHost.unsupported("Windows 11")).isPresent();
  }
}
