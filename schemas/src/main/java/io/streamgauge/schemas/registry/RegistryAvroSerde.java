package io.streamgauge.schemas.registry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Avro {@link GenericRecord}s in {@link RegistryWireFormat Confluent's wire format}, their schemas
 * registered under Confluent's default subjects ({@code <topic>-key}, {@code <topic>-value}).
 * Configured with the keys of Confluent's serde, so an app with Confluent's KafkaAvroSerde works
 * against the same registry and reads the same bytes:
 *
 * <ul>
 *   <li>{@value #URL_CONFIG}: the registry (required unless a client is given);
 *   <li>{@value #AUTO_REGISTER_CONFIG}: register a schema on first use (default true), else only
 *       look it up.
 * </ul>
 *
 * Schema ids and schemas are cached by the {@link SchemaRegistryClient}: after a schema's first
 * record no request reaches the registry.
 */
public final class RegistryAvroSerde implements Serde<GenericRecord> {

  /** The registry's URL, as Confluent's serde names it. */
  public static final String URL_CONFIG = "schema.registry.url";

  /** Whether the serializer registers schemas, as Confluent's serde names it. */
  public static final String AUTO_REGISTER_CONFIG = "auto.register.schemas";

  private SchemaRegistryClient client;
  private boolean autoRegister = true;
  private boolean isKey;
  private final Map<Schema, GenericDatumWriter<GenericRecord>> writers = new ConcurrentHashMap<>();
  private final Map<Integer, GenericDatumReader<GenericRecord>> readers = new ConcurrentHashMap<>();

  /** A serde to be {@link #configure configured} (as Kafka does with a class name). */
  public RegistryAvroSerde() {}

  /** A value serde using {@code client}, registering schemas on first use. */
  public RegistryAvroSerde(SchemaRegistryClient client) {
    this.client = client;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    this.isKey = isKey;
    Object url = configs.get(URL_CONFIG);
    if (client == null) {
      if (url == null || url.toString().isBlank()) {
        throw new IllegalArgumentException(URL_CONFIG + ": required by the Avro serde");
      }
      client = new SchemaRegistryClient(url.toString());
    }
    Object register = configs.get(AUTO_REGISTER_CONFIG);
    if (register != null) {
      autoRegister = Boolean.parseBoolean(register.toString());
    }
  }

  /** The registry client. */
  public SchemaRegistryClient client() {
    return client;
  }

  /** The subject of {@code topic}'s keys or values under Confluent's topic-name strategy. */
  public static String subject(String topic, boolean isKey) {
    return topic + (isKey ? "-key" : "-value");
  }

  /**
   * Registers (or looks up) {@code schema} for {@code topic}'s values ahead of the first record.
   */
  public int register(String topic, Schema schema) {
    return client().id(subject(topic, isKey), schema, autoRegister);
  }

  @Override
  public Serializer<GenericRecord> serializer() {
    return this::serialize;
  }

  @Override
  public Deserializer<GenericRecord> deserializer() {
    return this::deserialize;
  }

  /** {@code record} framed for {@code topic}; null stays null (a tombstone). */
  public byte[] serialize(String topic, GenericRecord record) {
    if (record == null) {
      return null;
    }
    Schema schema = record.getSchema();
    int id = client().id(subject(topic, isKey), schema, autoRegister);
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    out.writeBytes(RegistryWireFormat.header(id));
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    try {
      writers.computeIfAbsent(schema, GenericDatumWriter::new).write(record, encoder);
      encoder.flush();
    } catch (IOException | RuntimeException e) {
      throw new SerializationException(
          "cannot write " + schema.getFullName() + " for topic " + topic + ": " + e.getMessage(),
          e);
    }
    return out.toByteArray();
  }

  /** The record in {@code framed}, read with the schema its id names; null stays null. */
  public GenericRecord deserialize(String topic, byte[] framed) {
    if (framed == null) {
      return null;
    }
    int id;
    try {
      id = RegistryWireFormat.schemaId(framed);
    } catch (IllegalArgumentException e) {
      throw new SerializationException("topic " + topic + ": " + e.getMessage(), e);
    }
    GenericDatumReader<GenericRecord> reader =
        readers.computeIfAbsent(id, i -> new GenericDatumReader<>(client().schema(i)));
    BinaryDecoder decoder =
        DecoderFactory.get()
            .binaryDecoder(
                framed,
                RegistryWireFormat.HEADER_BYTES,
                framed.length - RegistryWireFormat.HEADER_BYTES,
                null);
    try {
      return reader.read(null, decoder);
    } catch (IOException | RuntimeException e) {
      throw new SerializationException(
          "topic " + topic + ": cannot read a value of schema id " + id + ": " + e.getMessage(), e);
    }
  }
}
