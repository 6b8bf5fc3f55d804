package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The benchmark scenarios of the methodology; each brings its own topology and load defaults. */
public enum Scenario {
  /** source → mapValues(uppercase) → filter(length &gt; 5) → sink. Pure framework overhead. */
  @JsonProperty("stateless-simple")
  STATELESS_SIMPLE("stateless-simple"),
  /** flatMapValues(split) → groupBy(word) → count (RocksDB) → sink. Canonical aggregation. */
  @JsonProperty("wordcount")
  WORDCOUNT("wordcount"),
  /** Two stateless paths over four Protobuf streams with two explicit repartitions. */
  @JsonProperty("stateless-advanced")
  STATELESS_ADVANCED("stateless-advanced"),
  /** Five-table enrichment: one primary-key join and four foreign-key joins, Avro. */
  @JsonProperty("stateful-joins")
  STATEFUL_JOINS("stateful-joins"),
  /** Cold restoration of 16 KTable stores from pre-populated changelogs; no live load. */
  @JsonProperty("state-restoration")
  STATE_RESTORATION("state-restoration"),
  /** A user-supplied topology: load and latency topics must be given in the spec. */
  @JsonProperty("custom")
  CUSTOM("custom");

  private final String value;

  Scenario(String value) {
    this.value = value;
  }

  /** The name used in YAML, e.g. {@code stateless-simple}. */
  public String value() {
    return value;
  }
}
