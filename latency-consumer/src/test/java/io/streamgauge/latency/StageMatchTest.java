package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StageMatchTest {

  /** A match as the sink saw it. */
  record Match(long written, long committed, long timestampMs, long publish) {}

  private final List<Match> matches = new ArrayList<>();
  private final StageMatch.Sink sink =
      (written, committed, ts, publish) -> matches.add(new Match(written, committed, ts, publish));
  private final StageMatch match = new StageMatch();

  @Test
  void aRecordSeenWrittenBeforeItsCommitIsMatchedWhenCommitted() {
    match.written(0, 1_000, sink);
    match.written(1, 1_100, sink);
    assertThat(matches).isEmpty();

    match.committed(0, 5_000, 7, 300, sink);
    match.committed(1, 5_000, 8, -1, sink);

    assertThat(matches)
        .containsExactly(new Match(1_000, 5_000, 7, 300), new Match(1_100, 5_000, 8, -1));
    assertThat(match.unmatched()).isZero();
  }

  /**
   * At at-least-once both readers race: whichever saw the record first says when it was written.
   */
  @Test
  void aRecordReadCommittedFirstWasWrittenNoLaterThanThat() {
    match.committed(0, 2_000, 1, 0, sink);
    match.written(0, 2_050, sink);
    match.written(1, 3_000, sink);
    match.committed(1, 2_990, 2, 0, sink);

    assertThat(matches)
        .containsExactly(new Match(2_000, 2_000, 1, 0), new Match(2_990, 2_990, 2, 0));
  }

  @Test
  void recordsOfAnAbortedTransactionAreDroppedAndAControlRecordsOffsetSkipped() {
    match.written(0, 100, sink); // aborted
    match.written(1, 110, sink); // aborted
    // offset 2: the abort marker, read by neither
    match.written(3, 200, sink);
    match.committed(3, 900, 5, 0, sink);
    match.written(4, 300, sink);

    assertThat(matches).containsExactly(new Match(200, 900, 5, 0));
    match.committed(4, 950, 6, 0, sink);
    assertThat(matches).hasSize(2);
    assertThat(match.unmatched()).isZero();
  }

  @Test
  void recordsTheWrittenReaderWasNotThereForAreCountedUnmatched() {
    match.committed(10, 1_000, 1, 0, sink);
    match.committed(11, 1_000, 1, 0, sink);
    match.written(12, 1_200, sink); // started at 12
    match.committed(12, 1_300, 2, 0, sink);
    match.committed(13, 1_400, 3, 0, sink);
    match.written(13, 1_350, sink);

    assertThat(matches)
        .containsExactly(new Match(1_200, 1_300, 2, 0), new Match(1_350, 1_400, 3, 0));
    assertThat(match.unmatched()).isEqualTo(2);

    match.committed(5, 2_000, 9, 0, sink);
    match.written(6, 2_000, sink);
    assertThat(matches).as("a re-read after a seek back keeps the first receipts").hasSize(2);
  }

  @Test
  void aSideThatStopsReadingCostsBoundedMemoryAndCountsWhatItDropped() {
    int records = StageMatch.WAITING + 5;
    for (int i = 0; i < records; i++) {
      match.committed(i, i, 0, 0, sink);
    }
    assertThat(match.unmatched()).isEqualTo(5);
    match.written(records - 1, records, sink);
    assertThat(matches).containsExactly(new Match(records - 1, records - 1, 0, 0));
    assertThat(match.unmatched()).isEqualTo(records - 1);
  }
}
