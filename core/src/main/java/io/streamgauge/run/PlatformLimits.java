package io.streamgauge.run;

import io.streamgauge.api.spec.FaultType;
import io.streamgauge.platform.Platform;
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

  /** The limits {@code platform}'s fault injector says. */
  static PlatformLimits of(Platform platform) {
    return type -> platform.faults().cannotInject(type);
  }
}
