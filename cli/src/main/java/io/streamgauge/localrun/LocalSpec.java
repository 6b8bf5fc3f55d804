package io.streamgauge.localrun;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.platform.local.AppLaunch;
import java.util.List;

/**
 * A spec made ready to run on this machine: every default resolved as the operator resolves it,
 * adapted by the local options ({@link LocalSpecAdapter}), the app's own readiness path where the
 * spec names none (the reference app's {@code /health}), and checked before anything starts ({@link
 * LocalPreflight}).
 *
 * @param name the run's name
 * @param spec the spec that runs (and that the results record)
 */
public record LocalSpec(String name, BenchmarkRunSpec spec) {

  /**
   * Resolves, adapts and checks {@code written}.
   *
   * @throws InvalidSpecException with every problem found
   */
  public static LocalSpec resolve(
      String name, BenchmarkRunSpec written, LocalOptions options, AppLaunch app)
      throws InvalidSpecException {
    BenchmarkRunSpec spec = LocalSpecAdapter.adapt(written, options);
    if (readinessPathOf(written) == null) {
      app.readinessPath().ifPresent(spec.getApp().getMetrics()::setReadinessPath);
    }
    List<String> problems = LocalPreflight.problems(spec, name, app);
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(problems);
    }
    return new LocalSpec(name, spec);
  }

  private static String readinessPathOf(BenchmarkRunSpec written) {
    return written.getApp() == null || written.getApp().getMetrics() == null
        ? null
        : written.getApp().getMetrics().getReadinessPath();
  }
}
