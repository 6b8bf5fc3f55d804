package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The latency consumer's {@code isolation.level}. */
public enum IsolationLevel {
  /** Only committed transactional records: commit cadence is part of measured latency. */
  @JsonProperty("read_committed")
  READ_COMMITTED,
  /** Every record as soon as it is written, committed or not. */
  @JsonProperty("read_uncommitted")
  READ_UNCOMMITTED
}
