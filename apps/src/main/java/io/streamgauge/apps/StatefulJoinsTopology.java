package io.streamgauge.apps;

import io.streamgauge.common.RecordHeaders;
import io.streamgauge.schemas.joins.JoinSchemas;
import io.streamgauge.schemas.registry.RegistryAvroSerde;
import io.streamgauge.schemas.registry.SchemaRegistryClient;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Joined;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.TableJoined;
import org.apache.kafka.streams.processor.api.ContextualFixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * {@code stateful-joins} (Avro through a schema registry, {@code stateful_joins.avsc}): five tables
 * joined into enriched records, RocksDB stores throughout. Two kinds of join:
 *
 * <ul>
 *   <li><b>Lookups</b> (stream–table, by foreign key: the stream re-keyed and repartitioned, then
 *       joined with the table as it is when the record is processed): order → customer, order →
 *       product, review → product. One output per input record; a customer's or product's new
 *       version changes later lookups, never earlier output.
 *   <li><b>Table–table joins</b>, which resolve whichever side arrives first: shipment ⋈ enriched
 *       order by primary key (the order's id), and review → enriched order by foreign key (KIP-213,
 *       with its subscription stores).
 * </ul>
 *
 * Outputs, one record per input record: {@code enriched-orders} (per order, its timestamp the
 * order's), {@code enriched-shipments} (per shipment) and {@code enriched-reviews} (per review),
 * the last two timestamped with the later of the record's and its order's timestamp — when the
 * enrichment became possible — and carrying the shipment's or review's trace header whichever side
 * completed the join, so each output is checked one to one against its input. The enriched orders
 * are read back from their output topic as the table the other two join with.
 */
public final class StatefulJoinsTopology implements ScenarioTopology {

  public static final String CUSTOMERS = "customers";
  public static final String PRODUCTS = "products";
  public static final String ORDERS = "orders";
  public static final String SHIPMENTS = "shipments";
  public static final String REVIEWS = "reviews";
  public static final String ENRICHED_ORDERS = "enriched-orders";
  public static final String ENRICHED_SHIPMENTS = "enriched-shipments";
  public static final String ENRICHED_REVIEWS = "enriched-reviews";

  @Override
  public String scenario() {
    return "stateful-joins";
  }

  @Override
  public List<String> topicRoles() {
    return List.of(
        CUSTOMERS,
        PRODUCTS,
        ORDERS,
        SHIPMENTS,
        REVIEWS,
        ENRICHED_ORDERS,
        ENRICHED_SHIPMENTS,
        ENRICHED_REVIEWS);
  }

  @Override
  public Topology build(Map<String, String> topics) {
    throw new IllegalArgumentException(
        "stateful-joins needs a schema registry: set schema.registry.url");
  }

  @Override
  public Topology build(Map<String, String> topics, Optional<String> schemaRegistryUrl) {
    return build(
        topics,
        new SchemaRegistryClient(
            schemaRegistryUrl.orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "stateful-joins needs a schema registry: set schema.registry.url"))));
  }

  /** Builds the topology with its serdes using {@code registry}. */
  Topology build(Map<String, String> topics, SchemaRegistryClient registry) {
    Serde<String> keys = Serdes.String();
    Serde<GenericRecord> avro = new RegistryAvroSerde(registry);
    avro.configure(Map.of(), false);
    StreamsBuilder builder = new StreamsBuilder();
    KTable<String, GenericRecord> customers =
        builder.table(topics.get(CUSTOMERS), Consumed.with(keys, avro), store("customers", avro));
    KTable<String, GenericRecord> products =
        builder.table(topics.get(PRODUCTS), Consumed.with(keys, avro), store("products", avro));

    builder.stream(topics.get(ORDERS), Consumed.with(keys, avro))
        .selectKey((id, order) -> order.get("customerId").toString())
        .repartition(Repartitioned.with(keys, avro).withName("orders-by-customer"))
        .join(customers, StatefulJoinsTopology::withCustomer, Joined.with(keys, avro, avro))
        .selectKey((customer, enriched) -> field(enriched, "order", "productId"))
        .repartition(Repartitioned.with(keys, avro).withName("orders-by-product"))
        .join(products, StatefulJoinsTopology::withProduct, Joined.with(keys, avro, avro))
        .selectKey((product, enriched) -> field(enriched, "order", "id"))
        .processValues(StampOrderTime::new, Named.as("stamp-order-time"))
        .to(topics.get(ENRICHED_ORDERS), Produced.with(keys, avro));
    KTable<String, GenericRecord> enrichedOrders =
        builder.table(
            topics.get(ENRICHED_ORDERS), Consumed.with(keys, avro), store("enriched-orders", avro));

    builder.stream(topics.get(SHIPMENTS), Consumed.with(keys, avro))
        .processValues(
            () -> new CaptureTrace(JoinSchemas.ENRICHED_SHIPMENT, "shipment"),
            Named.as("capture-shipment-trace"))
        .toTable(Named.as("shipments-table"), store("shipments", avro))
        .join(enrichedOrders, StatefulJoinsTopology::withOrder, Named.as("shipment-order-join"))
        .toStream()
        .processValues(RestoreTrace::new, Named.as("restore-shipment-trace"))
        .to(topics.get(ENRICHED_SHIPMENTS), Produced.with(keys, avro));

    builder.stream(topics.get(REVIEWS), Consumed.with(keys, avro))
        .processValues(
            () -> new CaptureTrace(JoinSchemas.ENRICHED_REVIEW, "review"),
            Named.as("capture-review-trace"))
        .selectKey((id, enriched) -> field(enriched, "review", "productId"))
        .repartition(Repartitioned.with(keys, avro).withName("reviews-by-product"))
        .join(products, StatefulJoinsTopology::withReviewedProduct, Joined.with(keys, avro, avro))
        .selectKey((product, enriched) -> field(enriched, "review", "id"))
        .toTable(Named.as("reviews-table"), store("reviews", avro))
        .join(
            enrichedOrders,
            (String id, GenericRecord review) -> field(review, "review", "orderId"),
            StatefulJoinsTopology::withOrder,
            TableJoined.as("review-order-join"),
            store("review-orders", avro))
        .toStream()
        .processValues(RestoreTrace::new, Named.as("restore-review-trace"))
        .to(topics.get(ENRICHED_REVIEWS), Produced.with(keys, avro));
    return builder.build();
  }

  /**
   * A RocksDB store without the record cache: a cached table forwards its changes only when the
   * cache flushes (at commit, 30 s under at-least-once), which would hold the joins back.
   */
  private static Materialized<String, GenericRecord, KeyValueStore<Bytes, byte[]>> store(
      String name, Serde<GenericRecord> avro) {
    return Materialized.<String, GenericRecord, KeyValueStore<Bytes, byte[]>>as(name)
        .withKeySerde(Serdes.String())
        .withValueSerde(avro)
        .withCachingDisabled();
  }

  private static String field(GenericRecord record, String inner, String name) {
    return ((GenericRecord) record.get(inner)).get(name).toString();
  }

  private static GenericRecord withCustomer(GenericRecord order, GenericRecord customer) {
    GenericRecord enriched = new GenericData.Record(JoinSchemas.ENRICHED_ORDER);
    enriched.put("order", order);
    enriched.put("customer", customer);
    enriched.put("orderTimestampMs", 0L);
    return enriched;
  }

  private static GenericRecord withProduct(GenericRecord enriched, GenericRecord product) {
    GenericRecord copy = new GenericData.Record((GenericData.Record) enriched, false);
    copy.put("product", product);
    return copy;
  }

  private static GenericRecord withReviewedProduct(GenericRecord review, GenericRecord product) {
    GenericRecord copy = new GenericData.Record((GenericData.Record) review, false);
    copy.put("product", product);
    return copy;
  }

  private static GenericRecord withOrder(GenericRecord enriched, GenericRecord order) {
    GenericRecord copy = new GenericData.Record((GenericData.Record) enriched, false);
    copy.put("order", order);
    return copy;
  }

  /** Stamps the enriched order with its order record's timestamp. */
  private static final class StampOrderTime
      extends ContextualFixedKeyProcessor<String, GenericRecord, GenericRecord> {
    @Override
    public void process(FixedKeyRecord<String, GenericRecord> record) {
      record.value().put("orderTimestampMs", record.timestamp());
      context().forward(record);
    }
  }

  /**
   * Wraps a shipment or review into its enriched record, keeping the record's trace header and
   * timestamp in it: a table–table join's output carries the headers and timestamp of whichever
   * side completed it.
   */
  private static final class CaptureTrace
      extends ContextualFixedKeyProcessor<String, GenericRecord, GenericRecord> {
    private final Schema schema;
    private final String field;

    CaptureTrace(Schema schema, String field) {
      this.schema = schema;
      this.field = field;
    }

    @Override
    public void process(FixedKeyRecord<String, GenericRecord> record) {
      GenericRecord enriched = new GenericData.Record(schema);
      enriched.put(field, record.value());
      byte[] trace = RecordHeaders.trace(record.headers());
      enriched.put("trace", ByteBuffer.wrap(trace == null ? new byte[0] : trace));
      enriched.put("timestampMs", record.timestamp());
      context().forward(record.withValue(enriched));
    }
  }

  /**
   * Gives a joined shipment or review back its own trace header, and the later of its own and its
   * order's timestamp.
   */
  private static final class RestoreTrace
      extends ContextualFixedKeyProcessor<String, GenericRecord, GenericRecord> {
    @Override
    public void process(FixedKeyRecord<String, GenericRecord> record) {
      GenericRecord value = record.value();
      if (value == null) {
        return;
      }
      Headers headers = record.headers();
      headers.remove(RecordHeaders.TRACE);
      ByteBuffer trace = (ByteBuffer) value.get("trace");
      if (trace.remaining() > 0) {
        byte[] bytes = new byte[trace.remaining()];
        trace.duplicate().get(bytes);
        headers.add(RecordHeaders.TRACE, bytes);
      }
      long own = (Long) value.get("timestampMs");
      long order = (Long) ((GenericRecord) value.get("order")).get("orderTimestampMs");
      context().forward(record.withHeaders(headers).withTimestamp(Math.max(own, order)));
    }
  }
}
