package io.streamgauge.schemas.registry;

import java.nio.ByteBuffer;

/**
 * Confluent's wire format of a registered value: magic byte 0, the schema id as a big-endian int32,
 * then the value's Avro binary encoding. Any serde that speaks it (Confluent's KafkaAvroSerializer
 * among them) reads and writes the same bytes.
 */
public final class RegistryWireFormat {

  /** The first byte of every framed value. */
  public static final byte MAGIC = 0;

  /** Magic byte and schema id. */
  public static final int HEADER_BYTES = 1 + Integer.BYTES;

  private RegistryWireFormat() {}

  /** The header of a value written with schema {@code id}; the Avro bytes follow it. */
  public static byte[] header(int id) {
    return ByteBuffer.allocate(HEADER_BYTES).put(MAGIC).putInt(id).array();
  }

  /**
   * The schema id of a framed value.
   *
   * @throws IllegalArgumentException when the bytes are not in the wire format
   */
  public static int schemaId(byte[] framed) {
    if (framed.length < HEADER_BYTES) {
      throw new IllegalArgumentException(
          "not in the schema registry's wire format: " + framed.length + " bytes, at least 5");
    }
    if (framed[0] != MAGIC) {
      throw new IllegalArgumentException(
          "not in the schema registry's wire format: magic byte " + framed[0] + ", expected 0");
    }
    return ByteBuffer.wrap(framed, 1, Integer.BYTES).getInt();
  }
}
