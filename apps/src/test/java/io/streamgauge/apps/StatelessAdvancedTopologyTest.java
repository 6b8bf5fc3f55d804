package io.streamgauge.apps;

import static io.streamgauge.apps.StatelessAdvancedTopology.CLICK_STREAMS;
import static io.streamgauge.apps.StatelessAdvancedTopology.CUSTOMER_ACTIVITY;
import static io.streamgauge.apps.StatelessAdvancedTopology.HIGH;
import static io.streamgauge.apps.StatelessAdvancedTopology.LOW;
import static io.streamgauge.apps.StatelessAdvancedTopology.NORMAL;
import static io.streamgauge.apps.StatelessAdvancedTopology.ORDERS;
import static io.streamgauge.apps.StatelessAdvancedTopology.PRODUCT_UPDATES;
import static io.streamgauge.apps.StatelessAdvancedTopology.USER_EVENTS;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import io.streamgauge.schemas.advanced.AdvancedMix;
import io.streamgauge.schemas.advanced.ClickStream;
import io.streamgauge.schemas.advanced.CustomerActivity;
import io.streamgauge.schemas.advanced.Order;
import io.streamgauge.schemas.advanced.Priority;
import io.streamgauge.schemas.advanced.ProductUpdate;
import io.streamgauge.schemas.advanced.TaggedEvent;
import io.streamgauge.schemas.advanced.UserEvent;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both topologies of stateless-advanced with records whose routing fields follow {@link
 * AdvancedMix}, as the load generator writes them: every sink gets exactly the records the mix
 * predicts, each keeping its input's timestamp.
 */
class StatelessAdvancedTopologyTest {

  private static final int RECORDS = 1_000;
  private static final Instant T = Instant.parse("2026-11-23T10:00:00.123Z");

  @TempDir Path stateDir;
  private TopologyTestDriver driver;

  @BeforeEach
  void setUp() {
    StatelessAdvancedTopology topology = new StatelessAdvancedTopology();
    Map<String, String> topics =
        topology.topicRoles().stream().collect(Collectors.toMap(r -> r, r -> r));
    driver = TestDrivers.of(topology, stateDir, topics);
  }

  @AfterEach
  void tearDown() {
    driver.close();
  }

  @Test
  void eachPrioritySinkGetsOneRecordPerTagOfItsPriority() {
    var users =
        driver.createInputTopic(
            USER_EVENTS, new StringSerializer(), ProtobufSerde.of(UserEvent.parser()).serializer());
    var products =
        driver.createInputTopic(
            PRODUCT_UPDATES,
            new StringSerializer(),
            ProtobufSerde.of(ProductUpdate.parser()).serializer());
    for (int n = 0; n < RECORDS; n++) {
      users.pipeInput(
          new TestRecord<>(
              "u" + n,
              UserEvent.newBuilder()
                  .setUserId("user-" + n)
                  .setPriority(AdvancedMix.priority(n))
                  .addAllTags(tags(n))
                  .build(),
              T));
      products.pipeInput(
          new TestRecord<>(
              "p" + n,
              ProductUpdate.newBuilder()
                  .setProductId("product-" + n)
                  .setPriority(AdvancedMix.priority(n))
                  .addAllTags(tags(n))
                  .build(),
              T));
    }

    Map<Priority, Long> expected = expectedTaggedEvents();
    for (var sink :
        Map.of(HIGH, Priority.HIGH, NORMAL, Priority.NORMAL, LOW, Priority.LOW).entrySet()) {
      List<TestRecord<String, TaggedEvent>> out = read(sink.getKey(), TaggedEvent.parser());
      assertThat(out).as(sink.getKey()).hasSize((int) (long) expected.get(sink.getValue()));
      assertThat(out)
          .allSatisfy(r -> assertThat(r.getValue().getPriority()).isEqualTo(sink.getValue()));
      assertThat(out).allSatisfy(r -> assertThat(r.getKey()).isEqualTo(r.getValue().getTag()));
      assertThat(out).allSatisfy(r -> assertThat(r.getRecordTime()).isEqualTo(T));
    }
    // 2 × 1,000 inputs with 1, 2, 3, 1, 2, 3 … tags: 1,999 tags each.
    assertThat(expected.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(3_998);
  }

  @Test
  void customerActivityKeepsOrdersThatStandAndClicksByPeopleKeyedByCustomer() {
    var orders =
        driver.createInputTopic(
            ORDERS, new StringSerializer(), ProtobufSerde.of(Order.parser()).serializer());
    var clicks =
        driver.createInputTopic(
            CLICK_STREAMS,
            new StringSerializer(),
            ProtobufSerde.of(ClickStream.parser()).serializer());
    for (int n = 0; n < RECORDS; n++) {
      orders.pipeInput(
          new TestRecord<>(
              "o" + n,
              Order.newBuilder()
                  .setOrderId("order-" + n)
                  .setCustomerId("customer-" + n % 7)
                  .setCancelled(AdvancedMix.cancelled(n))
                  .build(),
              T));
      clicks.pipeInput(
          new TestRecord<>(
              "c" + n,
              ClickStream.newBuilder()
                  .setCustomerId("customer-" + n % 7)
                  .setBot(AdvancedMix.bot(n))
                  .build(),
              T));
    }

    List<TestRecord<String, CustomerActivity>> out =
        read(CUSTOMER_ACTIVITY, CustomerActivity.parser());

    Map<String, Long> byKind =
        out.stream()
            .collect(Collectors.groupingBy(r -> r.getValue().getKind(), Collectors.counting()));
    assertThat(byKind).containsEntry("order", 900L).containsEntry("click", 800L);
    assertThat(out).allSatisfy(r -> assertThat(r.getKey()).isEqualTo(r.getValue().getCustomerId()));
    assertThat(out).allSatisfy(r -> assertThat(r.getRecordTime()).isEqualTo(T));
  }

  /** The tagged events per priority of the user events and product updates 0..RECORDS-1. */
  private static Map<Priority, Long> expectedTaggedEvents() {
    Map<Priority, Long> expected = new EnumMap<>(Priority.class);
    for (int n = 0; n < RECORDS; n++) {
      expected.merge(AdvancedMix.priority(n), 2L * AdvancedMix.tags(n), Long::sum);
    }
    return expected;
  }

  private static List<String> tags(int n) {
    return IntStream.range(0, AdvancedMix.tags(n)).mapToObj(i -> "tag-" + (n + i) % 50).toList();
  }

  private <T extends Message> List<TestRecord<String, T>> read(String topic, Parser<T> parser) {
    return driver
        .createOutputTopic(topic, new StringDeserializer(), ProtobufSerde.of(parser).deserializer())
        .readRecordsToList();
  }
}
