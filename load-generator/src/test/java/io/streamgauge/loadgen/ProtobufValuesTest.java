package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.schemas.advanced.AdvancedMix;
import io.streamgauge.schemas.advanced.ClickStream;
import io.streamgauge.schemas.advanced.Order;
import io.streamgauge.schemas.advanced.UserEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProtobufValuesTest {

  private static RecordFactory factory(String message, int min, int max) {
    return new RecordFactory(
        7,
        "p",
        "t",
        new Workload.Record(
            "protobuf",
            new Workload.ValueSize(null, min, max, null),
            10_000L,
            null,
            null,
            null,
            message));
  }

  @Test
  void userEventsFollowTheMixAndTheDrawnSizes() throws Exception {
    RecordFactory f = factory("user-event", 2048, 5120);
    for (int n = 0; n < 1_000; n++) {
      f.advance();
      UserEvent event = UserEvent.parseFrom(f.value());

      assertThat(event.getPriority()).isEqualTo(AdvancedMix.priority(n));
      assertThat(event.getTagsCount()).isEqualTo(AdvancedMix.tags(n));
      assertThat(event.getUserId()).startsWith("user-");
      assertThat(f.value().length).isBetween(2047, 5120);
    }
  }

  @Test
  void ordersAreCancelledAndClicksByBotsAsTheMixSays() throws Exception {
    RecordFactory orders = factory("order", 8192, 15360);
    RecordFactory clicks = factory("click-stream", 15360, 30720);
    long cancelled = 0;
    long bots = 0;
    for (int n = 0; n < 1_000; n++) {
      orders.advance();
      clicks.advance();
      Order order = Order.parseFrom(orders.value());
      ClickStream click = ClickStream.parseFrom(clicks.value());
      assertThat(order.getCancelled()).isEqualTo(AdvancedMix.cancelled(n));
      assertThat(click.getBot()).isEqualTo(AdvancedMix.bot(n));
      assertThat(order.getCustomerId()).startsWith("customer-");
      cancelled += order.getCancelled() ? 1 : 0;
      bots += click.getBot() ? 1 : 0;
    }
    assertThat(List.of(cancelled, bots)).containsExactly(100L, 200L);
  }

  @Test
  void aWorkloadNamesAKnownMessageExactlyWhenItsFormatIsProtobuf() {
    assertThat(WorkloadValidator.problems(workload("{format: protobuf, valueSize: {fixed: 100}}")))
        .contains("topics[0].record.message: required with format protobuf, and only there");
    assertThat(
            WorkloadValidator.problems(
                workload("{format: protobuf, message: x, valueSize: {fixed: 100}}")))
        .contains(
            "topics[0].record.message: unknown message 'x' (user-event, product-update, order,"
                + " click-stream)");
    assertThat(
            WorkloadValidator.problems(
                workload("{format: bytes, message: order, valueSize: {fixed: 100}}")))
        .contains("topics[0].record.message: required with format protobuf, and only there");
  }

  private static Workload workload(String record) {
    return WorkloadReader.parse(
        """
        bootstrapServers: localhost:9092
        producerId: p
        duration: 10s
        topics:
        - {name: t, ratePerSecond: 10, record: %s}
        """
            .formatted(record),
        "test");
  }
}
