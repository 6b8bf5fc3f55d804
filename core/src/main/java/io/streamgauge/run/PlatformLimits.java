package io.streamgauge.run;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.platform.Platform;
import java.util.List;
import java.util.Optional;

/**
 * What a platform cannot do of a spec that is otherwise runnable: checked when a run is taken in
 * ({@link SpecIntake}), before anything starts, so a run the platform cannot carry out is refused
 * naming the field rather than failing minutes later.
 */
@FunctionalInterface
public interface PlatformLimits {

  /** Why this platform cannot inject faults of {@code type}, or empty when it can. */
  Optional<String> cannotInject(FaultType type);

  /**
   * What of {@code spec} (defaults applied) this platform cannot provision, one problem per entry,
   * each starting with its field path; none by default.
   */
  default List<String> cannotProvision(BenchmarkRunSpec spec) {
    return List.of();
  }

  /** The limits {@code platform}'s fault injector and provisioner say. */
  static PlatformLimits of(Platform platform) {
    return new PlatformLimits() {
      @Override
      public Optional<String> cannotInject(FaultType type) {
        return platform.faults().cannotInject(type);
      }

      @Override
      public List<String> cannotProvision(BenchmarkRunSpec spec) {
        return platform.provisioner().cannotProvision(spec);
      }
    };
  }
}
