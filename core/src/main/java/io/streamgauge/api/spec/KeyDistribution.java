package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How the load generator picks a record's key among the configured distinct keys. */
public enum KeyDistribution {
  /** Each key equally likely, drawn at random from the seeded generator. */
  @JsonProperty("uniform")
  UNIFORM,
  /** Keys in turn: 0, 1, ..., keys-1, 0, ... */
  @JsonProperty("round-robin")
  ROUND_ROBIN,
  /** Zipf-skewed: a few hot keys take most records. */
  @JsonProperty("zipf")
  ZIPF
}
