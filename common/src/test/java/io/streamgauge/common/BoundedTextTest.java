package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BoundedTextTest {

  @Test
  void aShortTextIsKeptWhole() {
    assertThat(BoundedText.of("Prometheus answered 503", 100)).isEqualTo("Prometheus answered 503");
    assertThat(BoundedText.of(null, 10)).isNull();
  }

  @Test
  void aLongTextIsCutToTheLimitSayingHowMuchWasCut() {
    String text = "x".repeat(100_000);

    String cut = BoundedText.of(text, 1024);

    assertThat(cut).hasSizeLessThanOrEqualTo(1024).startsWith("xxx");
    int kept = cut.indexOf('…');
    assertThat(cut).endsWith("… (" + (100_000 - kept) + " more characters)");
  }

  @Test
  void aSurrogatePairIsNeverSplit() {
    String text = "a".repeat(10) + "\uD83D\uDE00".repeat(100);
    for (int max = 30; max < 80; max++) {
      String cut = BoundedText.of(text, max);
      int kept = cut.indexOf('…');
      assertThat(Character.isHighSurrogate(cut.charAt(kept - 1))).as("max %d", max).isFalse();
    }
  }
}
