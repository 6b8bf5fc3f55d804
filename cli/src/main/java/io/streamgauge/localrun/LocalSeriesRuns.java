package io.streamgauge.localrun;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.series.SeriesDriver;
import io.streamgauge.series.SeriesKind;
import io.streamgauge.series.SeriesProgress;
import io.streamgauge.series.SeriesRuns;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A series' runs on this machine, driven by the same {@link SeriesDriver} as on Kubernetes:
 * creating a run runs it to its end (a local run of its own into its directory), and finding it
 * reads the {@code result.json} it wrote. So a failed run is recorded and the series goes on, as on
 * Kubernetes; only an interrupted run (Ctrl-C, SIGTERM) stops the series, kept as it ended and not
 * judged ({@link SeriesDriver#stop}).
 */
public final class LocalSeriesRuns implements SeriesRuns {

  /** Runs one local run of {@code spec} into {@code dir} and returns how it ended. */
  @FunctionalInterface
  public interface Execution {
    /** Runs {@code spec} to its end into {@code dir}. */
    RunOutcome run(LocalSpec spec, Path dir);
  }

  private final Execution execution;
  private final Function<PlannedRun, LocalSpec> specs;
  private final Function<PlannedRun, Path> directories;
  private final Consumer<PlannedRun> starting;
  private final Map<String, Path> created = new HashMap<>();
  private RunOutcome interrupted;

  /**
   * @param specs the spec each planned run runs, resolved for this machine
   * @param directories where each planned run writes its results
   * @param starting called before each run starts, to say so
   */
  public LocalSeriesRuns(
      Execution execution,
      Function<PlannedRun, LocalSpec> specs,
      Function<PlannedRun, Path> directories,
      Consumer<PlannedRun> starting) {
    this.execution = execution;
    this.specs = specs;
    this.directories = directories;
    this.starting = starting;
  }

  /**
   * Runs the series one run at a time until every run it needs ended or one was interrupted (its
   * records are updated in place).
   *
   * @return how the interrupted run ended, or empty when the series ended
   */
  public Optional<RunOutcome> drive(SeriesKind series, Clock clock) {
    while (SeriesDriver.advance(series, this, clock.instant()) instanceof SeriesProgress.Waiting) {
      if (interrupted != null) {
        SeriesDriver.stop(series, this, clock.instant());
        return Optional.of(interrupted);
      }
    }
    return Optional.empty();
  }

  /** How the interrupted run ended, once one was interrupted. */
  public Optional<RunOutcome> interrupted() {
    return Optional.ofNullable(interrupted);
  }

  /** The directory the run called {@code name} wrote into; null when it did not run. */
  public Path directory(String name) {
    return created.get(name);
  }

  @Override
  public Optional<JsonNode> find(String name) {
    Path dir = created.get(name);
    if (dir == null) {
      return Optional.empty();
    }
    JsonNode document = OutputDirectories.result(dir);
    return document.path("status").path("phase").isMissingNode()
        ? Optional.empty()
        : Optional.of(document);
  }

  /** Runs {@code run} to its end. */
  @Override
  public boolean create(PlannedRun run) {
    Path dir = directories.apply(run);
    starting.accept(run);
    created.put(run.name(), dir);
    RunOutcome outcome = execution.run(specs.apply(run), dir);
    if (outcome.interrupted()) {
      interrupted = outcome;
    }
    return true;
  }
}
