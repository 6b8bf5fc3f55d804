package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class MeasurementWindowTest {

  private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

  @Test
  void aWindowShorterThanTwoScrapeIntervalsIsRejected() {
    assertThatThrownBy(
            () ->
                new MeasurementWindow(
                    START, START.plusSeconds(50), Duration.ofSeconds(10), Duration.ofSeconds(30)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "measurement window of 50.0s is shorter than two scrape intervals (30.0s each):"
                + " Prometheus cannot have two samples of a series inside it");
    assertThat(
            new MeasurementWindow(
                    START, START.plusSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(30))
                .length())
        .isEqualTo(Duration.ofMinutes(1));
  }

  /**
   * cAdvisor's peak CPU is a rate over two of cAdvisor's scrapes: over two of the pods' 10 s it
   * would hold one of cAdvisor's 30 s samples at most, and the peak would be absent.
   */
  @Test
  void cadvisorsRatesSpanTwoOfItsOwnScrapes() {
    MeasurementWindow window =
        new MeasurementWindow(
            START,
            START.plusSeconds(600),
            Duration.ofSeconds(10),
            Duration.ofSeconds(10),
            Duration.ofSeconds(30));

    assertThat(
            window.render(
                MetricProfiles.CADVISOR.queries().get(Figure.CPU_CORES_PEAK), "pod=\"p\"", "app"))
        .isEqualTo(
            "max_over_time((sum(rate(container_cpu_usage_seconds_total{container=\"app\",pod=\"p\"}[60000ms])))[600000ms:10000ms])");
    assertThat(window.render("rate(x[$twoScrapes])", "", "")).isEqualTo("rate(x[20000ms])");
  }

  @Test
  void anEmptyOrInvertedWindowIsRejected() {
    assertThatThrownBy(
            () ->
                new MeasurementWindow(START, START, Duration.ofSeconds(10), Duration.ofSeconds(1)))
        .hasMessageContaining("is not after start");
  }

  @Test
  void placeholdersAreFilledWithTheSelectorTheContainerTheWindowAndTheResolution() {
    MeasurementWindow window =
        new MeasurementWindow(
            START, START.plusSeconds(600), Duration.ofSeconds(10), Duration.ofSeconds(30));

    assertThat(
            window.render(
                "avg_over_time((sum(jvm_threads_current{$selector}))[$window:$resolution])",
                "namespace=\"bench\",pod=~\"run-app-.*\"",
                "app"))
        .isEqualTo(
            "avg_over_time((sum(jvm_threads_current{namespace=\"bench\",pod=~\"run-app-.*\"}))[600000ms:10000ms])");
    String cpu =
        window.render(
            MetricProfiles.CADVISOR.queries().get(Figure.CPU_CORES), "namespace=\"b\"", "app");
    assertThat(Arrays.stream(cpu.split("container_cpu_usage_seconds_total")).skip(1))
        .as("cAdvisor's figures are the app container's, not the pod's sum with its sidecars")
        .isNotEmpty()
        .allMatch(part -> part.startsWith("{container=\"app\",namespace=\"b\"}"));
    assertThat(cpu)
        .as("the window's start, as Unix seconds")
        .contains("> " + START.getEpochSecond() + ".000)[600000ms:1s]");
    assertThat(window.render("x[$window] * $seconds", "", ""))
        .as("the window's length in seconds, to the millisecond")
        .isEqualTo("x[600000ms] * 600.000");
  }

  @Test
  void everyBuiltInQueryUsesTheSelector() {
    for (MetricProfile profile : MetricProfiles.BUILT_IN) {
      assertThat(profile.queries().values())
          .as(profile.name())
          .allMatch(q -> q.contains("$selector"));
    }
  }
}
