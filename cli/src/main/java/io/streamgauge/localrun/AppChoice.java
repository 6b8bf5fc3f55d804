package io.streamgauge.localrun;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.scenario.ReferenceRuntime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a local command runs as the app under test: the jar or command it was given for every run,
 * or else, run by run, the reference app of the runtime each run's spec names (a suite's variants
 * may name different runtimes).
 *
 * @param own the app given with {@code --app-jar} or {@code --app-command}, if any
 */
public record AppChoice(Optional<AppLaunch> own) {

  /** The reference app of each run's runtime. */
  public static AppChoice referenceApps() {
    return new AppChoice(Optional.empty());
  }

  /**
   * The app {@code spec} (defaults applied) runs.
   *
   * @throws InvalidSpecException when it needs a reference app its runtime does not have
   */
  public AppLaunch forRun(BenchmarkRunSpec spec) throws InvalidSpecException {
    if (own.isPresent()) {
      return own.get();
    }
    String runtime = spec.getApp().getRuntime();
    return ReferenceRuntime.named(runtime)
        .<AppLaunch>map(AppLaunch.ReferenceApp::new)
        .orElseThrow(
            () ->
                new InvalidSpecException(
                    List.of(
                        "spec.app.runtime: there is no reference app of '"
                            + runtime
                            + "' (there is of "
                            + Arrays.stream(ReferenceRuntime.values())
                                .map(ReferenceRuntime::runtime)
                                .collect(Collectors.joining(", "))
                            + "); run your own app with --app-jar or --app-command")));
  }
}
