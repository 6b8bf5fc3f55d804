package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The app's processing guarantee, spelled as Kafka Streams' {@code processing.guarantee}. */
public enum ProcessingGuarantee {
  /** Exactly-once (transactions); output visible to read_committed consumers at commit. */
  @JsonProperty("exactly_once_v2")
  EXACTLY_ONCE_V2("exactly_once_v2"),
  /** At-least-once: no transactions, duplicates possible after failures. */
  @JsonProperty("at_least_once")
  AT_LEAST_ONCE("at_least_once");

  private final String value;

  ProcessingGuarantee(String value) {
    this.value = value;
  }

  /** The value passed to the app as {@code processing.guarantee}. */
  public String value() {
    return value;
  }
}
