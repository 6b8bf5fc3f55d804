package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LongRingTest {

  @Test
  void tuplesComeOutInTheOrderTheyWentInAcrossGrowthAndWrapping() {
    LongRing ring = new LongRing(3, 100);
    long next = 0;
    long expected = 0;
    for (int round = 0; round < 50; round++) {
      for (int i = 0; i < 3; i++) {
        ring.push(next, next * 10, next * 100, 0);
        next++;
      }
      ring.pop(); // keeps 2 more each round, so the queue wraps and grows
      expected++;
      assertThat(ring.head(0)).isEqualTo(expected);
      assertThat(ring.head(1)).isEqualTo(expected * 10);
      assertThat(ring.head(2)).isEqualTo(expected * 100);
    }
    assertThat(ring.size()).isEqualTo(100);
    assertThat(ring.isFull()).isTrue();
    while (!ring.isEmpty()) {
      assertThat(ring.head(0)).isEqualTo(expected++);
      ring.pop();
    }
    assertThat(expected).isEqualTo(next);
  }
}
