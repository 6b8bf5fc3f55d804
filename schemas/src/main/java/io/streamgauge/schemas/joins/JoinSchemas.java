package io.streamgauge.schemas.joins;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;

/**
 * The Avro schemas of stateful-joins ({@code stateful_joins.avsc}, beside this class): the five
 * input entities the load generator writes through the schema registry, and the three enriched
 * records the reference app writes.
 */
public final class JoinSchemas {

  private static final Map<String, Schema> BY_NAME = parse();

  /** A customer, topic customers. */
  public static final Schema CUSTOMER = named("Customer");

  /** A product, topic products. */
  public static final Schema PRODUCT = named("Product");

  /** An order, topic orders. */
  public static final Schema ORDER = named("Order");

  /** A shipment, topic shipments (keyed by its order's id). */
  public static final Schema SHIPMENT = named("Shipment");

  /** A review, topic reviews. */
  public static final Schema REVIEW = named("Review");

  /** An order with its customer and product, topic enriched-orders. */
  public static final Schema ENRICHED_ORDER = named("EnrichedOrder");

  /** A shipment with its enriched order, topic enriched-shipments. */
  public static final Schema ENRICHED_SHIPMENT = named("EnrichedShipment");

  /** A review with its product and enriched order, topic enriched-reviews. */
  public static final Schema ENRICHED_REVIEW = named("EnrichedReview");

  private JoinSchemas() {}

  private static Schema named(String name) {
    return BY_NAME.get(JoinSchemas.class.getPackageName() + "." + name);
  }

  private static Map<String, Schema> parse() {
    try (InputStream in = JoinSchemas.class.getResourceAsStream("stateful_joins.avsc")) {
      if (in == null) {
        throw new IllegalStateException("stateful_joins.avsc is missing from the class path");
      }
      Schema union = new Schema.Parser().parse(in);
      Map<String, Schema> byName = new TreeMap<>();
      union.getTypes().forEach(s -> byName.put(s.getFullName(), s));
      return byName;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
