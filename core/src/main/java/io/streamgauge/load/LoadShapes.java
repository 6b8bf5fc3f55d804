package io.streamgauge.load;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.BurstShape;
import io.streamgauge.api.spec.LoadShapeSpec;
import io.streamgauge.api.spec.LoadStep;
import io.streamgauge.api.spec.RampShape;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.common.LoadShape;
import io.streamgauge.common.SpecDuration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code spec.load.shape} as the load generator and the results read it: one cycle of pieces (a
 * burst and the base rate after it; the steps; the ramp in its segments), and that cycle over the
 * measurement window.
 */
public final class LoadShapes {

  /** The label of a burst's piece. */
  public static final String BURST = "burst";

  /** The label of the base rate between bursts. */
  public static final String BASE = "base";

  private LoadShapes() {}

  /** The shape of {@code spec}'s window, or empty when its load is constant. */
  public static Optional<LoadShape> of(BenchmarkRunSpec spec) {
    LoadShapeSpec shape = spec.getLoad() == null ? null : spec.getLoad().getShape();
    if (shape == null) {
      return Optional.empty();
    }
    return Optional.of(of(shape, SpecDurations.of(spec).measurement()));
  }

  /** {@code shape} over a window of {@code window}. */
  public static LoadShape of(LoadShapeSpec shape, Duration window) {
    return LoadShape.over(cycle(shape, window), window.toMillis() / 1000.0);
  }

  /**
   * One cycle of {@code shape} in a window of {@code window}.
   *
   * @throws IllegalArgumentException when a duration does not parse or the shape sets none of its
   *     kinds (the validator says which field)
   */
  public static List<LoadShape.Piece> cycle(LoadShapeSpec shape, Duration window) {
    if (shape.getBurst() != null) {
      BurstShape burst = shape.getBurst();
      double length = seconds(burst.getLength());
      return List.of(
          new LoadShape.Piece(length, burst.getFactor(), burst.getFactor(), BURST),
          new LoadShape.Piece(seconds(burst.getPeriod()) - length, 1, 1, BASE));
    }
    if (shape.getSteps() != null) {
      List<LoadShape.Piece> pieces = new ArrayList<>();
      for (int i = 0; i < shape.getSteps().size(); i++) {
        LoadStep step = shape.getSteps().get(i);
        pieces.add(
            new LoadShape.Piece(
                seconds(step.getDuration()),
                step.getFactor(),
                step.getFactor(),
                "step " + (i + 1)));
      }
      return pieces;
    }
    if (shape.getRamp() != null) {
      RampShape ramp = shape.getRamp();
      int segments = segments(ramp);
      double each = window.toMillis() / 1000.0 / segments;
      double slope = (ramp.getToFactor() - ramp.getFromFactor()) / segments;
      List<LoadShape.Piece> pieces = new ArrayList<>();
      for (int i = 0; i < segments; i++) {
        pieces.add(
            new LoadShape.Piece(
                each,
                ramp.getFromFactor() + slope * i,
                ramp.getFromFactor() + slope * (i + 1),
                "ramp " + (i + 1)));
      }
      return pieces;
    }
    throw new IllegalArgumentException("spec.load.shape: set one of burst, steps and ramp");
  }

  /** The segments a ramp is reported in. */
  public static int segments(RampShape ramp) {
    return ramp.getSegments() == null ? RampShape.DEFAULT_SEGMENTS : ramp.getSegments();
  }

  /**
   * The shape in a few words: {@code a burst of 5× for 10s every 1m}, {@code steps 1× 30s, 2× 30s},
   * {@code a ramp from 0.5× to 2×}.
   */
  public static String describe(LoadShapeSpec shape) {
    if (shape.getBurst() != null) {
      BurstShape b = shape.getBurst();
      return "a burst of %s for %s every %s"
          .formatted(factor(b.getFactor()), b.getLength(), b.getPeriod());
    }
    if (shape.getSteps() != null) {
      return "steps "
          + String.join(
              ", ",
              shape.getSteps().stream()
                  .map(s -> factor(s.getFactor()) + " " + s.getDuration())
                  .toList())
          + " repeated";
    }
    RampShape r = shape.getRamp();
    return "a ramp from %s to %s".formatted(factor(r.getFromFactor()), factor(r.getToFactor()));
  }

  /** {@code 5×}, {@code 0.5×}. */
  public static String factor(double factor) {
    return (factor == Math.rint(factor) ? String.valueOf((long) factor) : String.valueOf(factor))
        + "×";
  }

  private static double seconds(String duration) {
    return SpecDuration.parse(duration).toMillis() / 1000.0;
  }
}
