package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.javaoperatorsdk.operator.processing.retry.RetryExecution;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReconcilePacingTest {

  @Test
  void aFailedReconcileIsRetriedSoonThenEveryFifteenSecondsForAsLongAsItFails() {
    RetryExecution execution = ReconcilePacing.retry().initExecution();
    List<Long> delays = new ArrayList<>();
    // A day of 15 s retries: JOSDK's default gives up after five.
    for (int attempt = 0; attempt < 24 * 60 * 4; attempt++) {
      Optional<Long> next = execution.nextDelay();
      assertThat(next).as("retry %d", attempt + 1).isPresent();
      delays.add(next.orElseThrow());
    }
    assertThat(delays.subList(0, 6)).containsExactly(1000L, 1000L, 2000L, 4000L, 8000L, 15000L);
    assertThat(delays).allMatch(d -> d <= ReconcilePacing.RETRY_CAP.toMillis());
  }
}
