package io.streamgauge.latency;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The warmup window [warmupStart, measurementStart) and the measurement window [measurementStart,
 * measurementEnd), as epoch milliseconds; a record belongs to the window its timestamp falls in.
 */
record Windows(long warmupStartMs, long measurementStartMs, long measurementEndMs) {

  /** Where a timestamp falls. */
  enum Slot {
    BEFORE,
    WARMUP,
    MEASUREMENT,
    AFTER
  }

  /** No windows yet: every record is outside. */
  static final Windows UNSET = new Windows(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);

  Slot slot(long timestampMs) {
    if (timestampMs < warmupStartMs) {
      return Slot.BEFORE;
    }
    if (timestampMs < measurementStartMs) {
      return Slot.WARMUP;
    }
    return timestampMs < measurementEndMs ? Slot.MEASUREMENT : Slot.AFTER;
  }

  boolean isSet() {
    return warmupStartMs != Long.MAX_VALUE;
  }

  /**
   * Parses and checks window instants.
   *
   * @throws IllegalArgumentException naming the field that is missing, malformed or out of order
   */
  static Windows parse(LatencySettings.WindowTimes times) {
    if (times == null) {
      throw new IllegalArgumentException("windows: required");
    }
    Instant warmup = instant("warmupStart", times.warmupStart());
    Instant start = instant("measurementStart", times.measurementStart());
    Instant end = instant("measurementEnd", times.measurementEnd());
    if (start.isBefore(warmup)) {
      throw new IllegalArgumentException("measurementStart: must not be before warmupStart");
    }
    if (!end.isAfter(start)) {
      throw new IllegalArgumentException("measurementEnd: must be after measurementStart");
    }
    return new Windows(warmup.toEpochMilli(), start.toEpochMilli(), end.toEpochMilli());
  }

  private static Instant instant(String field, String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          field + ": required (an instant like 2026-11-22T10:00:00Z)");
    }
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          field + ": '" + text + "' is not an instant like 2026-11-22T10:00:00Z");
    }
  }

  LatencySettings.WindowTimes toTimes() {
    return new LatencySettings.WindowTimes(
        Instant.ofEpochMilli(warmupStartMs).toString(),
        Instant.ofEpochMilli(measurementStartMs).toString(),
        Instant.ofEpochMilli(measurementEndMs).toString());
  }
}
