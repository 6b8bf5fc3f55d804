package io.streamgauge.validation;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.LoadShapeBounds;
import io.streamgauge.api.spec.LoadShapeSpec;
import io.streamgauge.api.spec.LoadStep;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.common.LoadShape;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.load.LoadShapes;
import java.time.Duration;
import java.util.List;

/**
 * {@code spec.load.shape}: one that fits the window (a burst's period and the steps' cycle at most
 * the window, a ramp's segments whole seconds, at most {@link LoadShapeBounds#MAX_SEGMENTS}
 * segments), that the producers can drive at its peak, that the generators learn in time (a warmup
 * of at least {@link #MIN_WARMUP}), and that nothing else in the spec moves the load too (a
 * capacity search, faults, state restoration).
 */
final class LoadShapeCheck {

  /**
   * The shortest warmup with a shape: the generators ask for the window every second and must know
   * it before it starts, or the shape would start late.
   */
  static final Duration MIN_WARMUP = Duration.ofSeconds(5);

  private static final String FIELD = "spec.load.shape";

  private LoadShapeCheck() {}

  static void problems(BenchmarkRunSpec spec, List<String> problems) {
    LoadShapeSpec shape = spec.getLoad() == null ? null : spec.getLoad().getShape();
    if (shape == null) {
      return;
    }
    int before = problems.size();
    if (spec.getScenario() == Scenario.STATE_RESTORATION) {
      problems.add(FIELD + ": not with scenario state-restoration (its window is the restoration)");
    }
    if (spec.getCapacity() != null) {
      problems.add(FIELD + ": not with spec.capacity (a capacity search sets the rates itself)");
    }
    if (spec.hasFaults()) {
      problems.add(
          FIELD
              + ": not with spec.faults in this version (a fault's recovery is judged against the"
              + " steady rate before it)");
    }
    SpecDurations durations = SpecDurations.of(spec);
    Duration window = durations.measurement();
    if (durations.warmup().compareTo(MIN_WARMUP) < 0) {
      problems.add(
          "spec.schedule.warmup: at least %s with spec.load.shape (the load generators learn when the window starts during the warmup)"
              .formatted(SpecDuration.format(MIN_WARMUP)));
    }
    fitsTheWindow(shape, window, problems);
    if (problems.size() > before) {
      return;
    }
    LoadShape over = LoadShapes.of(spec).orElseThrow();
    if (over.segments().size() > LoadShapeBounds.MAX_SEGMENTS) {
      problems.add(
          "%s: cuts the %s window into %d segments; at most %d (each is a row of the run's status)"
              .formatted(
                  FIELD,
                  SpecDuration.format(window),
                  over.segments().size(),
                  LoadShapeBounds.MAX_SEGMENTS));
    }
    double peak =
        over.segments().stream().mapToDouble(s -> Math.max(s.from(), s.to())).max().orElse(1);
    double rate = spec.getLoad().totalRatePerSecond() * peak;
    int producers = spec.getLoad().getProducers();
    if (rate / producers > SpecValidator.MAX_RATE_PER_PRODUCER) {
      problems.add(
          "spec.load.producers: %d producer(s) cannot drive the shape's peak of %,.0f records/s (at most %,.0f each); set producers to at least %d"
              .formatted(
                  producers,
                  rate,
                  SpecValidator.MAX_RATE_PER_PRODUCER,
                  (int) Math.ceil(rate / SpecValidator.MAX_RATE_PER_PRODUCER)));
    }
  }

  private static void fitsTheWindow(LoadShapeSpec shape, Duration window, List<String> problems) {
    if (shape.getBurst() != null) {
      Duration period = SpecDuration.parse(shape.getBurst().getPeriod());
      Duration length = SpecDuration.parse(shape.getBurst().getLength());
      if (length.compareTo(period) >= 0) {
        problems.add(FIELD + ".burst.length: must be shorter than period");
      }
      if (period.compareTo(window) > 0) {
        problems.add(
            "%s.burst.period: %s is longer than the %s measurement window"
                .formatted(FIELD, shape.getBurst().getPeriod(), SpecDuration.format(window)));
      }
    } else if (shape.getSteps() != null) {
      Duration cycle =
          shape.getSteps().stream()
              .map(LoadStep::getDuration)
              .map(SpecDuration::parse)
              .reduce(Duration.ZERO, Duration::plus);
      if (cycle.compareTo(window) > 0) {
        problems.add(
            "%s.steps: last %s, longer than the %s measurement window (the last would never run)"
                .formatted(FIELD, SpecDuration.format(cycle), SpecDuration.format(window)));
      }
    } else if (shape.getRamp() != null) {
      int segments = LoadShapes.segments(shape.getRamp());
      if (window.toSeconds() % segments != 0) {
        problems.add(
            "%s.ramp.segments: %d segments do not cut the %s window into whole seconds"
                .formatted(FIELD, segments, SpecDuration.format(window)));
      }
    }
  }
}
