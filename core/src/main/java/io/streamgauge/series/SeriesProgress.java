package io.streamgauge.series;

/** Where a series stands after {@link SeriesDriver#advance}. */
public sealed interface SeriesProgress {

  /** A run goes on (or waits to be created): {@code progress} says which and how far. */
  record Waiting(String progress) implements SeriesProgress {}

  /** An ended run stopped the series ({@link SeriesKind#ended}), for {@code why}. */
  record Stopped(String why) implements SeriesProgress {}

  /** Every run the series needs ended. */
  record Done() implements SeriesProgress {}
}
