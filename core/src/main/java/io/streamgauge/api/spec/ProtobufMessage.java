package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The Protobuf messages the load generator can write: the input records of the stateless-advanced
 * scenario ({@code schemas/src/main/proto/streamgauge/stateless_advanced.proto}).
 */
public enum ProtobufMessage {
  /** {@code UserEvent}: a user's action with a priority and tags. */
  @JsonProperty("user-event")
  USER_EVENT,
  /** {@code ProductUpdate}: a product change with a priority and tags. */
  @JsonProperty("product-update")
  PRODUCT_UPDATE,
  /** {@code Order}: a customer's order, sometimes cancelled. */
  @JsonProperty("order")
  ORDER,
  /** {@code ClickStream}: a customer's page view, sometimes by a bot. */
  @JsonProperty("click-stream")
  CLICK_STREAM
}
