package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SequenceSetTest {

  @Test
  void countsGapsAndDuplicates() {
    SequenceSet set = new SequenceSet();
    for (long s = 100; s < 1000; s++) {
      if (s % 10 != 3) {
        set.add(s);
      }
    }
    set.add(500);
    set.add(501);

    assertThat(set.gaps()).isEqualTo(90);
    assertThat(set.duplicates()).isEqualTo(2);
    assertThat(set.received()).isEqualTo(900 - 90 + 2);
  }

  @Test
  void growsInBothDirectionsAndAcceptsOutOfOrder() {
    SequenceSet set = new SequenceSet();
    set.add(100_000);
    set.add(5);
    set.add(1_000_000);
    for (long s = 6; s < 1_000_000; s++) {
      if (s != 100_000) {
        set.add(s);
      }
    }
    assertThat(set.gaps()).isZero();
    assertThat(set.duplicates()).isZero();
    set.add(5);
    assertThat(set.duplicates()).isEqualTo(1);
  }

  @Test
  void emptyHasNoGaps() {
    assertThat(new SequenceSet().gaps()).isZero();
  }
}
