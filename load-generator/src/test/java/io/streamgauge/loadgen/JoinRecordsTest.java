package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.schemas.registry.RegistryAvroSerde;
import io.streamgauge.schemas.registry.SchemaRegistryClient;
import io.streamgauge.testing.registry.SchemaRegistryServer;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * stateful-joins' records against a real schema registry: every reference resolves (orders to
 * seeded customers and products, shipment and review n to order n and its product), ids of facts
 * are unique, and each value is its drawn size with the framing.
 */
class JoinRecordsTest {

  private static final int RECORDS = 2_000;
  private static SchemaRegistryServer registry;
  private static RegistryAvroSerde serde;

  @BeforeAll
  static void start() {
    registry = SchemaRegistryServer.start();
    serde = new RegistryAvroSerde(new SchemaRegistryClient(registry.url()));
    serde.configure(Map.of(), false);
  }

  @AfterAll
  static void stop() {
    if (registry != null) {
      registry.close();
    }
  }

  private static JoinRecords records(JoinEntity entity, JoinReferences refs, int min, int max) {
    return new JoinRecords(
        entity,
        entity.wire + "s",
        serde,
        SizeDistribution.of(new Workload.ValueSize(null, min, max, null)),
        refs,
        7L,
        "p-0");
  }

  @Test
  void ordersReferenceSeededDimensionsAndShipmentsAndReviewsFollowTheirOrders() {
    JoinReferences refs = new JoinReferences(50, 10, 7L, 3);
    JoinRecords orders = records(JoinEntity.ORDER, refs, 10_240, 51_200);
    JoinRecords shipments = records(JoinEntity.SHIPMENT, refs, 5_632, 27_648);
    JoinRecords reviews = records(JoinEntity.REVIEW, refs, 5_632, 20_480);
    Set<String> orderIds = new HashSet<>();
    Set<String> customersSeen = new HashSet<>();
    for (int n = 0; n < RECORDS; n++) {
      GenericRecord order = next(orders, "orders", 10_240, 51_200);
      GenericRecord shipment = next(shipments, "shipments", 5_632, 27_648);
      GenericRecord review = next(reviews, "reviews", 5_632, 20_480);
      String id = order.get("id").toString();
      assertThat(id).isEqualTo("order-3-" + n);
      assertThat(orderIds.add(id)).isTrue();
      assertThat(new String(orders.key(), StandardCharsets.UTF_8)).isEqualTo(id);
      int customer = suffix(order.get("customerId"));
      assertThat(customer).isBetween(0, 49);
      assertThat(suffix(order.get("productId"))).isBetween(0, 9);
      customersSeen.add(order.get("customerId").toString());
      assertThat(new String(shipments.key(), StandardCharsets.UTF_8)).isEqualTo(id);
      assertThat(shipment.get("orderId").toString()).isEqualTo(id);
      assertThat(review.get("orderId").toString()).isEqualTo(id);
      assertThat(review.get("productId").toString()).isEqualTo(order.get("productId").toString());
      assertThat(new String(reviews.key(), StandardCharsets.UTF_8)).isEqualTo("review-3-" + n);
    }
    // Spread over the customers, not stuck on a few.
    assertThat(customersSeen).hasSize(50);
  }

  @Test
  void dimensionsAreSeededAtVersionOneAndUpdatedToLaterVersionsOfExistingIds() {
    JoinReferences refs = new JoinReferences(20, 5, 7L, 0);
    JoinRecords customers = records(JoinEntity.CUSTOMER, refs, 2_048, 5_120);
    byte[][] seeded = customers.seed(17);
    assertThat(new String(seeded[0], StandardCharsets.UTF_8)).isEqualTo("customer-17");
    GenericRecord first = serde.deserialize("customers", seeded[1]);
    assertThat(first.get("version")).isEqualTo(1);
    assertThat(seeded[1].length).isBetween(2_048, 5_120);
    for (int n = 0; n < 100; n++) {
      GenericRecord update = next(customers, "customers", 2_048, 5_120);
      assertThat(suffix(update.get("id"))).isBetween(0, 19);
      assertThat((Integer) update.get("version")).isEqualTo(n + 2);
    }
  }

  private static GenericRecord next(JoinRecords records, String topic, int min, int max) {
    records.advance();
    assertThat(records.value()[0]).isZero();
    assertThat(records.value().length).isBetween(min, max);
    return serde.deserialize(topic, records.value());
  }

  private static int suffix(Object id) {
    String s = id.toString();
    return Integer.parseInt(s.substring(s.lastIndexOf('-') + 1));
  }
}
