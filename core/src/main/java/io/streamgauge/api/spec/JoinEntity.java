package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The tables of the stateful-joins scenario ({@code
 * schemas/src/main/resources/io/streamgauge/schemas/joins/stateful_joins.avsc}), whose Avro records
 * the load generator registers with the run's schema registry and writes in its wire format.
 */
public enum JoinEntity {
  /** A customer: a dimension, every id written before the load, new versions during it. */
  @JsonProperty("customer")
  CUSTOMER,
  /** A product: a dimension, like customers. */
  @JsonProperty("product")
  PRODUCT,
  /** An order with a unique id, referencing a customer and a product. */
  @JsonProperty("order")
  ORDER,
  /** An order's shipment, keyed by the order's id, written after it. */
  @JsonProperty("shipment")
  SHIPMENT,
  /** A review of an order's product, written after the order. */
  @JsonProperty("review")
  REVIEW
}
