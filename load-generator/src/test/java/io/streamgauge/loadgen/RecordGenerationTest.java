package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RecordGenerationTest {

  private static Workload.Record record(
      String format, Workload.ValueSize size, long keys, String dist) {
    return new Workload.Record(format, size, keys, dist, null, 1000);
  }

  @Test
  void sameSeedGivesTheSameRecordsAndAnotherSeedDoesNot() {
    Workload.Record profile =
        record("text", new Workload.ValueSize(null, 50, 1000, 200), 100, null);
    RecordFactory a = new RecordFactory(7, "p", "t", profile);
    RecordFactory b = new RecordFactory(7, "p", "t", profile);
    RecordFactory c = new RecordFactory(8, "p", "t", profile);
    boolean differs = false;
    for (int i = 0; i < 1000; i++) {
      a.advance();
      b.advance();
      c.advance();
      assertThat(a.key()).isEqualTo(b.key());
      assertThat(a.value()).isEqualTo(b.value());
      differs |= !Arrays.equals(a.value(), c.value());
    }
    assertThat(differs).isTrue();
  }

  @Test
  void stringValuesHaveTheFixedSizeAndMixedCaseLetters() {
    RecordFactory f =
        new RecordFactory(
            1,
            "p",
            "t",
            record("string", new Workload.ValueSize(1024, null, null, null), 10, null));
    f.advance();
    String value = new String(f.value(), StandardCharsets.US_ASCII);
    assertThat(value).hasSize(1024).matches("[a-zA-Z]+");
    assertThat(value.chars().anyMatch(Character::isUpperCase)).isTrue();
    assertThat(value.chars().anyMatch(Character::isLowerCase)).isTrue();
  }

  @Test
  void textLinesStayInRangeAverageTheMeanAndUseOnlyVocabularyWords() {
    RecordFactory f =
        new RecordFactory(
            1, "p", "t", record("text", new Workload.ValueSize(null, 50, 1000, 200), 10, null));
    Set<String> words = new HashSet<>();
    long total = 0;
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      f.advance();
      assertThat(f.value().length).isBetween(50, 1000);
      total += f.value().length;
      String line = new String(f.value(), StandardCharsets.US_ASCII);
      for (String w : line.trim().split("\\s+")) {
        assertThat(w).matches("[a-z]{3,10}");
        words.add(w);
      }
    }
    assertThat(total / (double) n).isCloseTo(200, within(5.0));
    assertThat(words).hasSizeBetween(990, 1000);
  }

  @Test
  void uniformKeysCoverTheCardinalityAndNoMore() {
    RecordFactory f =
        new RecordFactory(
            1,
            "p",
            "t",
            record("bytes", new Workload.ValueSize(null, 10, 20, null), 50, "uniform"));
    Set<String> keys = new HashSet<>();
    for (int i = 0; i < 5000; i++) {
      f.advance();
      keys.add(new String(f.key(), StandardCharsets.US_ASCII));
      assertThat(f.value().length).isBetween(10, 20);
    }
    assertThat(keys).hasSize(50);
  }

  @Test
  void roundRobinKeysCycleInOrder() {
    KeyGenerator keys = new KeyGenerator(3, "round-robin", 1.0);
    SplittableRandom random = new SplittableRandom(1);
    assertThat(new String(keys.next(random))).isEqualTo("key-0");
    assertThat(new String(keys.next(random))).isEqualTo("key-1");
    assertThat(new String(keys.next(random))).isEqualTo("key-2");
    assertThat(new String(keys.next(random))).isEqualTo("key-0");
  }

  @Test
  void zipfKeysFollowOneOverRank() {
    ZipfSampler zipf = new ZipfSampler(1000, 1.0);
    SplittableRandom random = new SplittableRandom(3);
    Map<Long, Integer> counts = new HashMap<>();
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      long rank = zipf.sample(random);
      assertThat(rank).isBetween(1L, 1000L);
      counts.merge(rank, 1, Integer::sum);
    }
    double harmonic = 0;
    for (int k = 1; k <= 1000; k++) {
      harmonic += 1.0 / k;
    }
    assertThat(counts.get(1L) / (double) n).isCloseTo(1 / harmonic, within(0.01));
    assertThat(counts.get(1L) / (double) counts.get(2L)).isCloseTo(2.0, within(0.1));
  }

  @Test
  void aMeanSkewsSizesWithoutLeavingTheRange() {
    SizeDistribution sizes = SizeDistribution.of(new Workload.ValueSize(null, 2048, 5120, 3000));
    SplittableRandom random = new SplittableRandom(5);
    long total = 0;
    for (int i = 0; i < 100_000; i++) {
      int s = sizes.next(random);
      assertThat(s).isBetween(2048, 5120);
      total += s;
    }
    assertThat(total / 100_000.0).isCloseTo(3000, within(15.0));
  }
}
