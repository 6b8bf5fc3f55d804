package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SpecDurationTest {

  @ParameterizedTest
  @CsvSource({"30s,30", "10m,600", "1h30m,5400", "1h,3600", "2h0m5s,7205", "0s,0", "90s,90"})
  void parsesHoursMinutesSeconds(String text, long seconds) {
    assertThat(SpecDuration.parse(text)).isEqualTo(Duration.ofSeconds(seconds));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "abc", "10", "10M", "1m1h", "-5s", "1.5h", "10 m"})
  void rejectsAnythingElseNamingTheValue(String text) {
    assertThatThrownBy(() -> SpecDuration.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + text + "'");
  }

  @ParameterizedTest
  @CsvSource({"0,0s", "45,45s", "600,10m", "2700,45m", "5400,1h30m", "3605,1h5s"})
  void formatsToTheSameNotation(long seconds, String text) {
    assertThat(SpecDuration.format(Duration.ofSeconds(seconds))).isEqualTo(text);
    assertThat(SpecDuration.parse(text)).isEqualTo(Duration.ofSeconds(seconds));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"721h", "720h1s", "43201m", "999999999999999999h", "99999999999999999999s"})
  void refusesAnythingLongerThanThirtyDaysRatherThanOverflowing(String text) {
    assertThatThrownBy(() -> SpecDuration.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'" + text + "' must be at most 720h");
  }

  @ParameterizedTest
  @ValueSource(strings = {"720h", "719h59m60s", "43200m", "2592000s"})
  void takesThirtyDaysHoweverWritten(String text) {
    assertThat(SpecDuration.parse(text)).isEqualTo(SpecDuration.MAX);
  }
}
