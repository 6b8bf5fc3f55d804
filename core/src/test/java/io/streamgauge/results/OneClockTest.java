package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.summary.LatencySummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OneClockTest {

  @Test
  void generatorsOnTheConsumersNodeShareItsClock() {
    LatencySummary latency = latency(0);

    OneClock.judge(
        latency, Map.of("latency-consumer", List.of("n1"), "load-generator", List.of("n1")));

    assertThat(latency.getSharedClock()).isTrue();
    assertThat(latency.getClockSkewed()).isFalse();
  }

  @Test
  void aGeneratorOnAnotherNodeIsSaidToUseAnotherClock() {
    LatencySummary latency = latency(0);

    OneClock.judge(
        latency, Map.of("latency-consumer", List.of("n1"), "load-generator", List.of("n1", "n2")));

    assertThat(latency.getSharedClock()).isFalse();
  }

  @Test
  void unknownNodesLeaveTheQuestionOpen() {
    LatencySummary latency = latency(0);

    OneClock.judge(latency, null);

    assertThat(latency.getSharedClock()).isNull();
  }

  @Test
  void moreThanAFewNegativeLatenciesMarkTheResultSkewed() {
    LatencySummary few = latency(OneClock.NEGATIVE_TOLERANCE);
    LatencySummary many = latency(OneClock.NEGATIVE_TOLERANCE + 1);

    OneClock.judge(few, null);
    OneClock.judge(many, null);

    assertThat(few.getClockSkewed()).isFalse();
    assertThat(many.getClockSkewed()).isTrue();
  }

  private static LatencySummary latency(long negative) {
    LatencySummary latency = new LatencySummary();
    latency.setSamples(1000L);
    latency.setNegativeSamples(negative);
    return latency;
  }
}
