package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadShapeTest {

  private static final List<LoadShape.Piece> BURST =
      List.of(new LoadShape.Piece(10, 5, 5, "burst"), new LoadShape.Piece(50, 1, 1, "base"));

  @Test
  void aCycleRepeatsOverTheWindowAndTheLastPieceIsCutAtItsEnd() {
    LoadShape shape = LoadShape.over(BURST, 130);
    assertThat(shape.segments())
        .extracting(LoadShape.Segment::start, LoadShape.Segment::end, LoadShape.Segment::label)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0.0, 10.0, "burst"),
            org.assertj.core.groups.Tuple.tuple(10.0, 60.0, "base"),
            org.assertj.core.groups.Tuple.tuple(60.0, 70.0, "burst"),
            org.assertj.core.groups.Tuple.tuple(70.0, 120.0, "base"),
            org.assertj.core.groups.Tuple.tuple(120.0, 130.0, "burst"));
    assertThat(shape.seconds()).isEqualTo(130.0);
    assertThat(shape.factorAt(5)).isEqualTo(5.0);
    assertThat(shape.factorAt(10)).isEqualTo(1.0);
    assertThat(shape.factorAt(131)).as("outside the window").isEqualTo(1.0);
    assertThat(shape.records(1000)).isEqualTo(3 * 50_000 + 2 * 50_000);
  }

  @Test
  void aRampCutByTheWindowEndsAtTheFactorItReachedThere() {
    LoadShape shape = LoadShape.over(List.of(new LoadShape.Piece(60, 1, 3, "ramp")), 30);
    assertThat(shape.segments().get(0).to()).isEqualTo(2.0);
    assertThat(shape.area(30)).isEqualTo(45.0);
    assertThat(shape.factorAt(15)).isEqualTo(1.5);
  }

  /**
   * Every record of the window is due where its segment is, and each segment holds exactly {@code
   * rate × ∫factor} records when that is whole — by due time and by the stamp rounded to the
   * millisecond alike — whatever the shape and rate; where it is not whole, the counts still add up
   * to the window's.
   */
  @ParameterizedTest
  @CsvSource({
    "1000, burst",
    "333.3, burst",
    "7, burst",
    "100, ramp",
    "2500, steps",
    "1234.5, steps",
    "12.5, ramp"
  })
  void eachSegmentHoldsWhatItsRateAndFactorSay(double rate, String kind) {
    List<LoadShape.Piece> cycle =
        switch (kind) {
          case "burst" -> BURST;
          case "ramp" ->
              List.of(
                  new LoadShape.Piece(20, 0.5, 1.5, "ramp"),
                  new LoadShape.Piece(20, 1.5, 2.5, "ramp"),
                  new LoadShape.Piece(20, 2.5, 3.5, "ramp"));
          default ->
              List.of(
                  new LoadShape.Piece(7, 1, 1, "step 1"),
                  new LoadShape.Piece(3, 0, 0, "step 2"),
                  new LoadShape.Piece(11, 2.2, 2.2, "step 3"));
        };
    LoadShape shape = LoadShape.over(cycle, 120);
    long total = shape.records(rate);
    long[] byDue = new long[shape.segments().size()];
    long[] byStamp = new long[shape.segments().size()];
    double previous = -1;
    for (long j = 0; j < total; j++) {
      double due = shape.due(j, rate);
      assertThat(due).as("due times never go back").isGreaterThanOrEqualTo(previous);
      previous = due;
      byDue[segmentAt(shape, due)]++;
      byStamp[segmentAt(shape, Math.rint(due * 1000) / 1000)]++;
    }
    assertThat(shape.due(total, rate)).as("the first record after the window").isEqualTo(120.0);
    long sum = 0;
    for (int i = 0; i < byDue.length; i++) {
      LoadShape.Segment segment = shape.segments().get(i);
      long expected = shape.records(segment, rate);
      assertThat(byDue[i]).as("segment %s by due time", i).isEqualTo(expected);
      assertThat(byStamp[i]).as("segment %s by stamp", i).isEqualTo(expected);
      double exact = rate * segment.area();
      if (Math.abs(exact - Math.rint(exact)) < 1e-9) {
        assertThat(expected)
            .as("segment %s: rate × ∫factor, whole", i)
            .isEqualTo(Math.round(exact));
      } else {
        assertThat((double) expected).isCloseTo(exact, within(1.0));
      }
      sum += expected;
    }
    assertThat(sum).isEqualTo(total);
  }

  @Test
  void aSegmentOfFactorZeroHoldsNoRecord() {
    LoadShape shape =
        LoadShape.over(
            List.of(new LoadShape.Piece(5, 1, 1, "on"), new LoadShape.Piece(5, 0, 0, "off")), 20);
    assertThat(shape.records(shape.segments().get(1), 100)).isZero();
    assertThat(shape.due(500, 100)).as("the first record after the pause").isEqualTo(10.0);
    assertThat(shape.due(499, 100)).isLessThan(5.0);
  }

  private static int segmentAt(LoadShape shape, double seconds) {
    List<LoadShape.Segment> segments = shape.segments();
    for (int i = 0; i < segments.size(); i++) {
      if (seconds >= segments.get(i).start() && seconds < segments.get(i).end()) {
        return i;
      }
    }
    throw new AssertionError(seconds + " s is outside the window");
  }
}
