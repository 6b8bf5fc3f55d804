package io.streamgauge.loadgen;

import io.streamgauge.schemas.registry.RegistryAvroSerde;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The records of one stateful-joins topic ({@link JoinEntity}) in the schema registry's wire
 * format, each padded to the size drawn for it (framing included) where the size allows.
 * Deterministic from (seed, producer index, topic): what order {@code n} references is a function
 * of {@code n}, so the shipment and review generators of the same producer know it without talking
 * to the order generator.
 */
final class JoinRecords implements RecordSource {

  private final JoinEntity entity;
  private final String topic;
  private final RegistryAvroSerde serde;
  private final SizeDistribution sizes;
  private final byte[] pool;
  private final SplittableRandom random;
  private final JoinReferences references;
  private long n;
  private byte[] key;
  private byte[] value;

  /**
   * @param references the ids of the run's dimensions and this producer's orders
   */
  JoinRecords(
      JoinEntity entity,
      String topic,
      RegistryAvroSerde serde,
      SizeDistribution sizes,
      JoinReferences references,
      long seed,
      String producerId) {
    this.entity = entity;
    this.topic = topic;
    this.serde = serde;
    this.sizes = sizes;
    this.references = references;
    this.random = new SplittableRandom(RecordFactory.mix(seed, producerId, topic));
    this.pool = SlicedValues.randomBytes(sizes.max(), random.split());
  }

  @Override
  public void advance() {
    GenericRecord record = new GenericData.Record(entity.schema);
    String id =
        switch (entity) {
          case CUSTOMER -> customer(record, references.customer(random), 2 + n);
          case PRODUCT -> product(record, references.product(random), 2 + n);
          case ORDER -> order(record, n);
          case SHIPMENT -> shipment(record, n);
          case REVIEW -> review(record, n);
        };
    key = id.getBytes(StandardCharsets.UTF_8);
    value = padded(record);
    n++;
  }

  /** The dimension record of id {@code index} at its first version, for {@link DimensionSeed}. */
  byte[][] seed(long index) {
    GenericRecord record = new GenericData.Record(entity.schema);
    String id =
        entity == JoinEntity.CUSTOMER
            ? customer(record, JoinReferences.customerId(index), 1)
            : product(record, JoinReferences.productId(index), 1);
    return new byte[][] {id.getBytes(StandardCharsets.UTF_8), padded(record)};
  }

  @Override
  public byte[] key() {
    return key;
  }

  @Override
  public byte[] value() {
    return value;
  }

  private static String customer(GenericRecord r, String id, long version) {
    r.put("id", id);
    r.put("name", "Customer " + id.substring(id.indexOf('-') + 1));
    r.put("email", id + "@example.test");
    r.put("segment", SEGMENTS[(int) (version % SEGMENTS.length)]);
    r.put("version", (int) version);
    return id;
  }

  private static String product(GenericRecord r, String id, long version) {
    r.put("id", id);
    r.put("name", "Product " + id.substring(id.indexOf('-') + 1));
    r.put("category", CATEGORIES[Math.floorMod(id.hashCode(), CATEGORIES.length)]);
    r.put("priceCents", 100L + Math.floorMod(id.hashCode() + version * 7, 100_000));
    r.put("version", (int) version);
    return id;
  }

  private String order(GenericRecord r, long index) {
    String id = references.orderId(index);
    r.put("id", id);
    r.put("customerId", references.customerOf(index));
    r.put("productId", references.productOf(index));
    r.put("quantity", 1 + random.nextInt(5));
    r.put("amountCents", 100L + random.nextInt(1_000_000));
    return id;
  }

  private String shipment(GenericRecord r, long index) {
    String order = references.orderId(index);
    r.put("orderId", order);
    r.put("carrier", CARRIERS[random.nextInt(CARRIERS.length)]);
    r.put("trackingNumber", "T" + Long.toHexString(random.nextLong()));
    return order;
  }

  private String review(GenericRecord r, long index) {
    String id = references.reviewId(index);
    r.put("id", id);
    r.put("orderId", references.orderId(index));
    r.put("productId", references.productOf(index));
    r.put("rating", 1 + random.nextInt(5));
    return id;
  }

  /** The framed record with a payload making it the drawn size (or as close above as it can). */
  private byte[] padded(GenericRecord record) {
    int size = sizes.next(random);
    record.put("payload", ByteBuffer.allocate(0));
    int room = size - serde.serialize(topic, record).length;
    // The payload costs its length (a zig-zag varint) and the bytes; it replaces the empty one's 1.
    int length = Math.max(0, room);
    while (length > 0 && AvroValues.lengthBytes(length) - 1 + length > room) {
      length--;
    }
    int offset = random.nextInt(pool.length - length + 1);
    record.put("payload", ByteBuffer.wrap(pool, offset, length));
    return serde.serialize(topic, record);
  }

  private static final String[] SEGMENTS = {"retail", "business", "premium", "new"};
  private static final String[] CATEGORIES = {"tools", "books", "garden", "toys", "kitchen"};
  private static final String[] CARRIERS = {"post", "express", "freight"};
}
