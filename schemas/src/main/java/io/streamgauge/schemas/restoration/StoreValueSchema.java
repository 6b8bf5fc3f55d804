package io.streamgauge.schemas.restoration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;

/**
 * The Avro schema of the state-restoration stores' avro values ({@code store_value.avsc}, beside
 * this class), written as plain Avro binary: no schema-registry framing.
 */
public final class StoreValueSchema {

  /** The schema, parsed once. */
  public static final Schema SCHEMA = parse();

  private StoreValueSchema() {}

  private static Schema parse() {
    try (InputStream in = StoreValueSchema.class.getResourceAsStream("store_value.avsc")) {
      if (in == null) {
        throw new IllegalStateException("store_value.avsc is missing from the class path");
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
