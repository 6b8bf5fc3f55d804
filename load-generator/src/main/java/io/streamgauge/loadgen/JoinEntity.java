package io.streamgauge.loadgen;

import io.streamgauge.schemas.joins.JoinSchemas;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;

/**
 * The five tables of stateful-joins, as a topic's {@code record.entity} names them. Customers and
 * products are dimensions: every id is written before the load starts ({@link DimensionSeed}), and
 * the live load writes new versions of them. Orders, shipments and reviews are facts with unique
 * ids: order {@code n} of a generator references a customer and a product that exist, and its
 * shipment and review are that generator's shipment {@code n} and review {@code n}, written no
 * earlier than the order when their rates are at most the orders' rate.
 */
enum JoinEntity {
  CUSTOMER("customer", JoinSchemas.CUSTOMER, true),
  PRODUCT("product", JoinSchemas.PRODUCT, true),
  ORDER("order", JoinSchemas.ORDER, false),
  SHIPMENT("shipment", JoinSchemas.SHIPMENT, false),
  REVIEW("review", JoinSchemas.REVIEW, false);

  final String wire;
  final Schema schema;
  final boolean dimension;

  JoinEntity(String wire, Schema schema, boolean dimension) {
    this.wire = wire;
    this.schema = schema;
    this.dimension = dimension;
  }

  /** The entity named {@code name} in a workload, if any. */
  static Optional<JoinEntity> find(String name) {
    return Arrays.stream(values()).filter(e -> e.wire.equals(name)).findFirst();
  }

  /** The names a workload may use. */
  static List<String> names() {
    return Arrays.stream(values()).map(e -> e.wire).toList();
  }
}
