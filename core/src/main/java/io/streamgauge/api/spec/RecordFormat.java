package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How the load generator builds record values. */
public enum RecordFormat {
  /** Mixed-case ASCII of the configured size, so uppercase and filter steps do real work. */
  @JsonProperty("string")
  STRING,
  /** Whitespace-separated words drawn from a vocabulary (the wordcount profile). */
  @JsonProperty("text")
  TEXT,
  /** Random bytes of the configured size. */
  @JsonProperty("bytes")
  BYTES,
  /**
   * Avro binary of the {@code StoreValue} schema ({@code schemas/.../store_value.avsc}), padded to
   * the value size; plain Avro, without a schema registry's framing.
   */
  @JsonProperty("avro")
  AVRO,
  /** Protobuf messages. */
  @JsonProperty("protobuf")
  PROTOBUF
}
