package io.streamgauge.localrun;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.platform.local.AppLaunch;
import java.util.List;

/**
 * A spec made ready to run on this machine: every default resolved as the operator resolves it,
 * adapted by the local options ({@link LocalSpecAdapter}), the app that runs it chosen ({@link
 * AppChoice}) with its own readiness path where the spec names none (a reference app's {@code
 * /health}), and checked before anything starts ({@link LocalPreflight}): local mode's one door, as
 * {@code SpecIntake} is the operator's — the phase machine takes the spec as checked.
 *
 * @param name the run's name
 * @param spec the spec that runs (and that the results record)
 * @param app the app under test that runs it
 */
public record LocalSpec(String name, BenchmarkRunSpec spec, AppLaunch app) {

  /**
   * Resolves, adapts and checks {@code written}.
   *
   * @throws InvalidSpecException with every problem found
   */
  public static LocalSpec resolve(
      String name, BenchmarkRunSpec written, LocalOptions options, AppChoice choice)
      throws InvalidSpecException {
    BenchmarkRunSpec spec = LocalSpecAdapter.adapt(written, options);
    AppLaunch app = choice.forRun(spec);
    if (readinessPathOf(written) == null) {
      app.readinessPath().ifPresent(spec.getApp().getMetrics()::setReadinessPath);
    }
    List<String> problems = LocalPreflight.problems(spec, name, app);
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(problems);
    }
    return new LocalSpec(name, spec, app);
  }

  /**
   * A spec the series made from one that resolved (a capacity probe: the search's spec at another
   * rate and CPU limit), for {@code app}, checked as {@link #resolve} checks.
   *
   * @throws IllegalStateException when it has a problem: the series made a spec it must not
   */
  public static LocalSpec derived(String name, BenchmarkRunSpec spec, AppLaunch app) {
    List<String> problems = LocalPreflight.problems(spec, name, app);
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "the spec made for " + name + " cannot run: " + String.join("; ", problems));
    }
    return new LocalSpec(name, spec, app);
  }

  private static String readinessPathOf(BenchmarkRunSpec written) {
    return written.getApp() == null || written.getApp().getMetrics() == null
        ? null
        : written.getApp().getMetrics().getReadinessPath();
  }
}
