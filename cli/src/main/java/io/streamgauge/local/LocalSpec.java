package io.streamgauge.local;

import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.scenario.SpecDefaulter;
import java.util.List;

/**
 * A spec made ready to run on this machine: every default resolved as the operator resolves it,
 * adapted by the local options ({@link LocalSpecAdapter}), and checked before anything starts
 * ({@link LocalPreflight}).
 *
 * @param name the run's name
 * @param spec the spec that runs (and that the results record)
 */
public record LocalSpec(String name, BenchmarkRunSpec spec) {

  /** A spec that cannot run locally, with every problem. */
  public static final class InvalidLocalSpecException extends Exception {
    private final List<String> problems;

    InvalidLocalSpecException(List<String> problems) {
      super(String.join("; ", problems));
      this.problems = List.copyOf(problems);
    }

    /** One line each, naming the spec field or the option. */
    public List<String> problems() {
      return problems;
    }
  }

  /**
   * Resolves, adapts and checks {@code written}.
   *
   * @throws InvalidLocalSpecException with every problem found
   */
  public static LocalSpec resolve(
      String name, BenchmarkRunSpec written, LocalOptions options, AppLaunch app)
      throws InvalidLocalSpecException {
    BenchmarkRunSpec spec = LocalSpecAdapter.adapt(new SpecDefaulter().apply(written), options);
    List<String> problems = LocalPreflight.problems(spec, name, app);
    if (!problems.isEmpty()) {
      throw new InvalidLocalSpecException(problems);
    }
    return new LocalSpec(name, spec);
  }
}
