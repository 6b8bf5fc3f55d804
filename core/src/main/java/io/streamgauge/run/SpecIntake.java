package io.streamgauge.run;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.scenario.ReferenceApps;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.validation.DurationFields;
import java.util.List;
import java.util.Optional;

/**
 * A run's spec as a reconcile takes it in: with every default applied, or the reasons it cannot be,
 * each starting with its field path. The CRD refuses what it can at admission; whatever still
 * reaches a run (a CRD older than the operator, a value the defaults cannot compute with) must end
 * the run {@code Failed} with {@link FailureReason#ValidationFailed}, never fail every reconcile
 * before a status is written.
 */
public final class SpecIntake {

  /** What the intake found. */
  public sealed interface Result permits Resolved, Refused {}

  /** The spec with every default applied. */
  public record Resolved(BenchmarkRunSpec spec) implements Result {}

  /** Why the spec cannot run, one problem per entry, each starting with its field path. */
  public record Refused(List<String> problems) implements Result {

    /** The problems as one message, for the Ready condition. */
    public String message() {
      return String.join("; ", problems);
    }
  }

  private static final SpecDefaulter DEFAULTER = new SpecDefaulter();

  private SpecIntake() {}

  /**
   * Takes in {@code spec} as written; one that names no {@code spec.app.image} runs the reference
   * app of its runtime from {@code referenceApps}, ready at its {@code /health} unless the spec
   * names a readiness path, and is refused when there is none for its runtime and scenario.
   */
  public static Result of(BenchmarkRunSpec spec, ReferenceApps referenceApps) {
    if (spec == null) {
      return new Refused(List.of("spec: missing"));
    }
    List<String> problems = DurationFields.problems(spec);
    if (!problems.isEmpty()) {
      return new Refused(problems);
    }
    BenchmarkRunSpec resolved;
    try {
      resolved = DEFAULTER.apply(spec);
    } catch (RuntimeException e) {
      return new Refused(
          List.of(
              "spec: its defaults cannot be applied: "
                  + e.getClass().getSimpleName()
                  + ": "
                  + e.getMessage()));
    }
    Optional<String> missingImage = referenceApps.missingImage(resolved);
    if (missingImage.isPresent()) {
      return new Refused(List.of(missingImage.get()));
    }
    boolean readinessPathWritten =
        spec.getApp() != null
            && spec.getApp().getMetrics() != null
            && spec.getApp().getMetrics().getReadinessPath() != null;
    return new Resolved(referenceApps.withImage(resolved, readinessPathWritten));
  }
}
