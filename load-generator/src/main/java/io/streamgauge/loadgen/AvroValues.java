package io.streamgauge.loadgen;

import io.streamgauge.schemas.restoration.StoreValueSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.random.RandomGenerator;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Values of the {@code avro} format: {@code StoreValue} records in plain Avro binary (no registry
 * framing), each padded with payload bytes to the size drawn for it, to the byte where the size
 * allows (a value cannot be smaller than its fields).
 */
final class AvroValues implements ValueGenerator {

  private static final int IDS = 1_000_000;

  private final SizeDistribution sizes;
  private final byte[] pool;
  private final GenericDatumWriter<GenericRecord> writer =
      new GenericDatumWriter<>(StoreValueSchema.SCHEMA);
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private BinaryEncoder encoder;

  AvroValues(SizeDistribution sizes, byte[] pool) {
    this.sizes = sizes;
    this.pool = pool;
  }

  @Override
  public byte[] next(RandomGenerator random) {
    int size = sizes.next(random);
    GenericRecord value = new GenericData.Record(StoreValueSchema.SCHEMA);
    long id = random.nextInt(IDS);
    value.put("id", id);
    value.put("name", "entity-" + id);
    value.put("version", random.nextInt(1000));
    value.put("updatedAtMs", System.currentTimeMillis());
    value.put("payload", ByteBuffer.allocate(0));
    int room = size - encode(value).length;
    // The payload costs its length (a zig-zag varint) and the bytes; it replaces the empty one's 1.
    int length = Math.max(0, room);
    while (length > 0 && lengthBytes(length) - 1 + length > room) {
      length--;
    }
    int offset = random.nextInt(pool.length - length + 1);
    value.put("payload", ByteBuffer.wrap(pool, offset, length));
    return encode(value);
  }

  /** The bytes of an Avro {@code long}/length {@code n}: zig-zag, 7 bits per byte. */
  static int lengthBytes(long n) {
    long zigzag = n << 1;
    int bytes = 1;
    while ((zigzag >>>= 7) != 0) {
      bytes++;
    }
    return bytes;
  }

  private byte[] encode(GenericRecord value) {
    out.reset();
    encoder = EncoderFactory.get().binaryEncoder(out, encoder);
    try {
      writer.write(value, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
