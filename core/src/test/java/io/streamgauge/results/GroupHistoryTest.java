package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class GroupHistoryTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Two instances on 6 partitions; instance 1 killed at 10 000 ms and started again at once. */
  private static final String DOCUMENT =
      """
      {"topics": {}, "group": {"name": "app", "samplePeriodMs": 250, "changes": [
        {"atMs": 1000, "state": "Stable", "members": 2, "assigned": 6},
        {"atMs": 13250, "state": "PreparingRebalance", "members": 3, "assigned": 0},
        {"atMs": 16250, "state": "CompletingRebalance", "members": 2, "assigned": 0},
        {"atMs": 16500, "state": "Stable", "members": 2, "assigned": 6}
      ]}}
      """;

  @Test
  void theGroupSettlesAgainWhenStableWithEveryInstanceAndEveryPartitionAfterARebalance()
      throws Exception {
    GroupHistory history = GroupHistory.of(JSON.readTree(DOCUMENT), 2, 6);

    assertThat(history.samplePeriodMs()).isEqualTo(250);
    assertThat(history.settledAgainAfter(Instant.ofEpochMilli(10_000)))
        .contains(Instant.ofEpochMilli(16_500));
    assertThat(history.settledAgainAfter(Instant.ofEpochMilli(16_400)))
        .as("no rebalance seen after it")
        .isEmpty();
    assertThat(GroupHistory.of(JSON.readTree(DOCUMENT), 3, 6).settledAgainAfter(Instant.EPOCH))
        .as("never every one of 3 instances in")
        .isEmpty();
    assertThat(GroupHistory.of(JSON.readTree("{\"topics\": {}}"), 2, 6).changes())
        .as("a consumer that did not watch the group")
        .isEmpty();
  }
}
