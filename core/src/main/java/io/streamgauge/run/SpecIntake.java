package io.streamgauge.run;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.scenario.ReferenceApps;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.validation.DurationFields;
import io.streamgauge.validation.SpecValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's spec as the operator takes it in: with every default applied and checked, or the reasons
 * it cannot run, each starting with its field path. The one place the operator checks a run's spec
 * after admission ({@link SpecValidator}: what the CRD's schema cannot say; the faults its platform
 * cannot inject); the phase machine and the series machines take the resolved spec as checked. The
 * CRD refuses what it can at admission; whatever still reaches a run (a CRD older than the
 * operator, a value the defaults cannot compute with) must end the run {@code Failed} with {@link
 * FailureReason#ValidationFailed}, never fail every reconcile before a status is written. (Locally,
 * {@code LocalSpec} is the same door, with the local options' own checks.)
 */
public final class SpecIntake {

  /** What the intake found. */
  public sealed interface Result permits Resolved, Refused {}

  /** The spec with every default applied. */
  public record Resolved(BenchmarkRunSpec spec) implements Result {}

  /**
   * Why the spec cannot run, one problem per entry, each starting with its field path.
   *
   * @param resolved the spec with its defaults, when they could be applied (its gauges can then say
   *     the run failed), else null
   */
  public record Refused(List<String> problems, BenchmarkRunSpec resolved) implements Result {

    /** Refused before its defaults could be applied. */
    public Refused(List<String> problems) {
      this(problems, null);
    }

    /** The spec with its defaults, when they could be applied. */
    public Optional<BenchmarkRunSpec> resolvedSpec() {
      return Optional.ofNullable(resolved);
    }

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
   *
   * @param limits what the platform cannot do: faults it cannot inject, what it cannot provision
   */
  public static Result of(
      BenchmarkRunSpec spec, ReferenceApps referenceApps, PlatformLimits limits) {
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
    BenchmarkRunSpec runnable = referenceApps.withImage(resolved, readinessPathWritten);
    problems = new ArrayList<>(SpecValidator.problems(runnable));
    problems.addAll(faultsNotPossible(runnable, limits));
    return problems.isEmpty() ? new Resolved(runnable) : new Refused(problems, runnable);
  }

  private static List<String> faultsNotPossible(BenchmarkRunSpec spec, PlatformLimits limits) {
    List<String> problems = new ArrayList<>();
    if (spec.hasFaults()) {
      for (int i = 0; i < spec.getFaults().size(); i++) {
        FaultType type = spec.getFaults().get(i).getType();
        String path = "spec.faults[" + i + "].type";
        limits.cannotInject(type).ifPresent(why -> problems.add(path + ": " + type + " " + why));
      }
    }
    return problems;
  }
}
