package io.streamgauge.apps;

import static io.streamgauge.apps.StatefulJoinsTopology.CUSTOMERS;
import static io.streamgauge.apps.StatefulJoinsTopology.ENRICHED_ORDERS;
import static io.streamgauge.apps.StatefulJoinsTopology.ENRICHED_REVIEWS;
import static io.streamgauge.apps.StatefulJoinsTopology.ENRICHED_SHIPMENTS;
import static io.streamgauge.apps.StatefulJoinsTopology.ORDERS;
import static io.streamgauge.apps.StatefulJoinsTopology.PRODUCTS;
import static io.streamgauge.apps.StatefulJoinsTopology.REVIEWS;
import static io.streamgauge.apps.StatefulJoinsTopology.SHIPMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.RecordHeaders;
import io.streamgauge.schemas.joins.JoinSchemas;
import io.streamgauge.schemas.registry.RegistryAvroSerde;
import io.streamgauge.schemas.registry.SchemaRegistryClient;
import io.streamgauge.testing.registry.SchemaRegistryServer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * stateful-joins in Kafka Streams' test driver, its serdes against a real schema registry: every
 * order, shipment and review gives exactly one enriched record carrying its own trace, whichever
 * side of a table–table join arrives first, and a dimension's new version re-emits nothing.
 */
class StatefulJoinsTopologyTest {

  private static final Instant T = Instant.parse("2026-12-02T06:00:00Z");
  private static SchemaRegistryServer registry;

  @TempDir Path stateDir;
  private TopologyTestDriver driver;
  private RegistryAvroSerde serde;
  private TestInputTopic<String, GenericRecord> customers;
  private TestInputTopic<String, GenericRecord> products;
  private TestInputTopic<String, GenericRecord> orders;
  private TestInputTopic<String, GenericRecord> shipments;
  private TestInputTopic<String, GenericRecord> reviews;

  @BeforeAll
  static void startRegistry() {
    registry = SchemaRegistryServer.start();
  }

  @AfterAll
  static void stopRegistry() {
    if (registry != null) {
      registry.close();
    }
  }

  @BeforeEach
  void setUp() {
    StatefulJoinsTopology topology = new StatefulJoinsTopology();
    Map<String, String> topics =
        topology.topicRoles().stream().collect(Collectors.toMap(r -> r, r -> r));
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "joins-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    SchemaRegistryClient client = new SchemaRegistryClient(registry.url());
    driver = new TopologyTestDriver(topology.build(topics, client), props);
    serde = new RegistryAvroSerde(client);
    serde.configure(Map.of(), false);
    customers = input(CUSTOMERS);
    products = input(PRODUCTS);
    orders = input(ORDERS);
    shipments = input(SHIPMENTS);
    reviews = input(REVIEWS);
  }

  @AfterEach
  void tearDown() {
    driver.close();
  }

  private TestInputTopic<String, GenericRecord> input(String topic) {
    return driver.createInputTopic(topic, new StringSerializer(), serde.serializer());
  }

  private List<TestRecord<String, GenericRecord>> output(String topic) {
    return driver
        .createOutputTopic(topic, new StringDeserializer(), serde.deserializer())
        .readRecordsToList();
  }

  @Test
  void everyOrderIsEnrichedOnceWithTheCustomerAndProductAsTheyWereThen() {
    prepopulate(3, 2);
    for (int i = 0; i < 10; i++) {
      pipe(orders, "order-" + i, order(i, "customer-" + (i % 3), "product-" + (i % 2)), i, 100 + i);
    }
    // A new version of customer-0 changes the orders after it, and re-emits none before it.
    pipe(customers, "customer-0", customer(0, 2), 0, 200);
    pipe(orders, "order-10", order(10, "customer-0", "product-0"), 10, 300);

    List<TestRecord<String, GenericRecord>> enriched = output(ENRICHED_ORDERS);
    assertThat(enriched).hasSize(11);
    assertThat(enriched).extracting(TestRecord::key).doesNotHaveDuplicates();
    TestRecord<String, GenericRecord> third = byKey(enriched, "order-3");
    GenericRecord value = third.value();
    assertThat(inner(value, "customer", "id")).isEqualTo("customer-0");
    assertThat(inner(value, "customer", "version")).isEqualTo(1);
    assertThat(inner(value, "product", "id")).isEqualTo("product-1");
    assertThat(value.get("orderTimestampMs")).isEqualTo(T.plusMillis(103).toEpochMilli());
    assertThat(third.timestamp()).isEqualTo(T.plusMillis(103).toEpochMilli());
    assertThat(sequence(third)).isEqualTo(3);
    assertThat(inner(byKey(enriched, "order-10").value(), "customer", "version")).isEqualTo(2);
  }

  @Test
  void aShipmentJoinsItsOrderOnceWhicheverArrivesFirstAndKeepsItsOwnTrace() {
    prepopulate(1, 1);
    pipe(orders, "order-0", order(0, "customer-0", "product-0"), 0, 100);
    pipe(shipments, "order-0", shipment("order-0"), 0, 150);
    // The shipment of order-1 arrives before its order.
    pipe(shipments, "order-1", shipment("order-1"), 1, 160);
    pipe(orders, "order-1", order(1, "customer-0", "product-0"), 1, 120);

    List<TestRecord<String, GenericRecord>> shipped = output(ENRICHED_SHIPMENTS);
    assertThat(shipped).extracting(TestRecord::key).containsExactly("order-0", "order-1");
    for (TestRecord<String, GenericRecord> r : shipped) {
      assertThat(RecordHeaders.producerIdOf(RecordHeaders.trace(r.headers()))).isEqualTo("p");
      assertThat(RecordHeaders.streamIdOf(RecordHeaders.trace(r.headers())))
          .isEqualTo("p/shipments/0");
      assertThat(inner(r.value(), "order", "orderTimestampMs")).isNotNull();
    }
    assertThat(sequence(shipped.get(1))).isEqualTo(1);
    // The later of the shipment's and its order's timestamps: when the join became possible.
    assertThat(shipped.get(0).timestamp()).isEqualTo(T.plusMillis(150).toEpochMilli());
    assertThat(shipped.get(1).timestamp()).isEqualTo(T.plusMillis(160).toEpochMilli());
  }

  @Test
  void aReviewJoinsItsProductAndItsOrderOnceWhicheverArrivesFirst() {
    prepopulate(1, 2);
    pipe(orders, "order-0", order(0, "customer-0", "product-1"), 0, 100);
    pipe(reviews, "review-0", review(0, "order-0", "product-1"), 0, 130);
    pipe(reviews, "review-1", review(1, "order-1", "product-0"), 1, 140);
    pipe(orders, "order-1", order(1, "customer-0", "product-0"), 1, 150);
    // A product's new version re-emits no review.
    pipe(products, "product-1", product(1, 2), 9, 160);

    List<TestRecord<String, GenericRecord>> reviewed = output(ENRICHED_REVIEWS);
    assertThat(reviewed).extracting(TestRecord::key).containsExactly("review-0", "review-1");
    assertThat(inner(reviewed.get(0).value(), "product", "version")).isEqualTo(1);
    assertThat(RecordHeaders.streamIdOf(RecordHeaders.trace(reviewed.get(1).headers())))
        .isEqualTo("p/reviews/0");
    assertThat(sequence(reviewed.get(1))).isEqualTo(1);
    // review-1 waited for its order: stamped with the order's later timestamp.
    assertThat(reviewed.get(1).timestamp()).isEqualTo(T.plusMillis(150).toEpochMilli());
    GenericRecord order = (GenericRecord) reviewed.get(1).value().get("order");
    assertThat(((GenericRecord) order.get("order")).get("id").toString()).isEqualTo("order-1");
  }

  private void prepopulate(int customerCount, int productCount) {
    for (int i = 0; i < customerCount; i++) {
      pipe(customers, "customer-" + i, customer(i, 1), i, 0);
    }
    for (int i = 0; i < productCount; i++) {
      pipe(products, "product-" + i, product(i, 1), i, 0);
    }
  }

  private static void pipe(
      TestInputTopic<String, GenericRecord> topic,
      String key,
      GenericRecord value,
      long sequence,
      long offsetMs) {
    String name = value.getSchema().getName().toLowerCase() + "s";
    var headers = new org.apache.kafka.common.header.internals.RecordHeaders();
    headers.add(
        RecordHeaders.TRACE,
        RecordHeaders.encodeTrace(RecordHeaders.streamId("p", name, 0), sequence));
    topic.pipeInput(new TestRecord<>(key, value, headers, T.plusMillis(offsetMs)));
  }

  private static long sequence(TestRecord<String, GenericRecord> record) {
    return RecordHeaders.sequence(RecordHeaders.trace(record.headers()));
  }

  private static TestRecord<String, GenericRecord> byKey(
      List<TestRecord<String, GenericRecord>> records, String key) {
    return records.stream().filter(r -> r.key().equals(key)).findFirst().orElseThrow();
  }

  private static Object inner(GenericRecord record, String field, String name) {
    Object value = ((GenericRecord) record.get(field)).get(name);
    return value instanceof CharSequence ? value.toString() : value;
  }

  private static ByteBuffer payload() {
    return ByteBuffer.wrap(new byte[16]);
  }

  private static GenericRecord customer(int i, int version) {
    GenericRecord r = new GenericData.Record(JoinSchemas.CUSTOMER);
    r.put("id", "customer-" + i);
    r.put("name", "Customer " + i);
    r.put("email", "c" + i + "@example.test");
    r.put("segment", "retail");
    r.put("version", version);
    r.put("payload", payload());
    return r;
  }

  private static GenericRecord product(int i, int version) {
    GenericRecord r = new GenericData.Record(JoinSchemas.PRODUCT);
    r.put("id", "product-" + i);
    r.put("name", "Product " + i);
    r.put("category", "tools");
    r.put("priceCents", 100L * i);
    r.put("version", version);
    r.put("payload", payload());
    return r;
  }

  private static GenericRecord order(int i, String customer, String product) {
    GenericRecord r = new GenericData.Record(JoinSchemas.ORDER);
    r.put("id", "order-" + i);
    r.put("customerId", customer);
    r.put("productId", product);
    r.put("quantity", 1);
    r.put("amountCents", 999L);
    r.put("payload", payload());
    return r;
  }

  private static GenericRecord shipment(String order) {
    GenericRecord r = new GenericData.Record(JoinSchemas.SHIPMENT);
    r.put("orderId", order);
    r.put("carrier", "post");
    r.put("trackingNumber", "T-" + order);
    r.put("payload", payload());
    return r;
  }

  private static GenericRecord review(int i, String order, String product) {
    GenericRecord r = new GenericData.Record(JoinSchemas.REVIEW);
    r.put("id", "review-" + i);
    r.put("orderId", order);
    r.put("productId", product);
    r.put("rating", 5);
    r.put("payload", payload());
    return r;
  }
}
