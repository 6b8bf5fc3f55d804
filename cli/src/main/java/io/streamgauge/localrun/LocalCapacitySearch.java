package io.streamgauge.localrun;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.CapacityStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.capacity.CapacityMachine;
import io.streamgauge.capacity.CapacityPlan;
import io.streamgauge.capacity.CapacityReport;
import io.streamgauge.capacity.ProbeJudge;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.MachineSpeed;
import io.streamgauge.report.HtmlReport;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.series.PlannedRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A capacity search ({@code spec.capacity}) on this machine: each probe a local run of its own
 * (fresh broker, topics, app and clients) into {@code DIR/probes/<n>-cpu<limit>-<rate>}, chosen by
 * {@link CapacityPlan} from the probes before it; {@code capacity.md}, {@code capacity.html} (its
 * demand chart) and {@code capacity.json} in {@code DIR} rewritten after every probe, so an
 * interrupted search keeps what it found (the interrupted probe too, not judged: {@link
 * CapacityMachine#interrupt}).
 */
public final class LocalCapacitySearch {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final LocalExecution execution;
  private final PrintWriter out;
  private final PrintWriter err;
  private final Clock clock;

  /** The search's own phases are not printed: each probe prints its progress and verdict. */
  private static final RunEvents SILENT =
      new RunEvents() {
        @Override
        public void phaseEntered(RunContext run, Phase phase, String message) {}

        @Override
        public void failed(RunContext run, FailureReason reason, String message) {}

        @Override
        public void warning(RunContext run, String message) {}

        @Override
        public void invalid(RunContext run, String failures) {}
      };

  /**
   * @param out where each probe and the result are said
   * @param err where a stopped search and a missing machine speed are said
   */
  public LocalCapacitySearch(
      LocalExecution execution, PrintWriter out, PrintWriter err, Clock clock) {
    this.execution = execution;
    this.out = out;
    this.err = err;
    this.clock = clock;
  }

  /**
   * Searches with {@code spec} (resolved for this machine, with {@code spec.capacity}) into {@code
   * dir}, by the operator's {@link CapacityMachine}: each probe is created by running it to its
   * end.
   *
   * @return succeeded when every CPU limit's ceiling resolved, invalid when one did not (no rate
   *     passed, the probe budget ran out), failed when a probe failed as a run before any passed,
   *     or how the interrupted probe ended
   */
  public RunOutcome search(LocalSpec spec, Map<String, String> kafkaSecrets, Path dir) {
    double bound = spec.spec().getCapacity().getLatencyP99MaxMs();
    String title =
        spec.name()
            + " ("
            + spec.spec().getScenario().value()
            + ", "
            + spec.spec().getProcessingGuarantee().value()
            + ")";
    RunContext search = LocalRun.context(spec.name(), spec.spec());
    Map<String, Double> speeds = new HashMap<>();
    Map<String, Path> directories = new HashMap<>();
    LocalSeriesRuns runs =
        new LocalSeriesRuns(
            (probe, probeDir) -> {
              speeds.put(probe.name(), machineSpeed(probe.spec()));
              return execution.run(probe, kafkaSecrets, probeDir);
            },
            run -> LocalSpec.derived(run.name(), run.spec(), spec.app()),
            run -> {
              directories.put(run.name(), probeDirectory(dir, run));
              return directories.get(run.name());
            },
            run -> {
              judged(search.status().getCapacity(), speeds, directories, dir);
              out.printf(
                  "Probe %d: %s records/s, %s, into %s%n",
                  run.index(),
                  Math.round(run.spec().getLoad().totalRatePerSecond()),
                  size(run.spec()).describe(),
                  probeDirectory(dir, run));
              out.flush();
            });
    while (CapacityMachine.advance(search, runs, new RunTransitions(SILENT), clock.instant())
        .isPresent()) {
      CapacityStatus status = search.status().getCapacity();
      if (runs.interrupted().isPresent()) {
        CapacityMachine.interrupt(search, runs, clock.instant());
        judged(status, speeds, directories, dir);
        out.println(
            "Stopped at probe "
                + status.getProbes().size()
                + ": interrupted (kept in capacity.md, not judged)");
        write(dir, title, status, bound);
        return runs.interrupted().get();
      }
      judged(status, speeds, directories, dir);
      write(dir, title, status, bound);
    }
    CapacityStatus status = search.status().getCapacity();
    judged(status, speeds, directories, dir);
    write(dir, title, status, bound);
    if (search.status().getPhase() == Phase.Failed) {
      err.println(
          "streamgauge: capacity search stopped: "
              + Conditions.find(search.status().getConditions(), Conditions.READY)
                  .map(c -> c.getReason() + ": " + c.getMessage())
                  .orElse("unknown"));
      return RunOutcome.FAILED;
    }
    out.println();
    out.print(CapacityReport.markdown(title, status, bound));
    out.println("\nWrote " + dir.resolve("capacity.md") + ", capacity.html and capacity.json");
    out.flush();
    boolean resolved =
        status.getLimits().stream().allMatch(l -> CapacityMachine.resolved(l.getOutcome()));
    return resolved ? RunOutcome.SUCCEEDED : RunOutcome.INVALID;
  }

  /**
   * Gives each probe judged since the last call its machine speed and, as its name, its directory
   * relative to {@code dir} (where its result.json is), and prints its verdict.
   */
  private void judged(
      CapacityStatus status, Map<String, Double> speeds, Map<String, Path> directories, Path dir) {
    for (int i = 0; i < status.getProbes().size(); i++) {
      CapacityProbeStatus probe = status.getProbes().get(i);
      Path probeDir = directories.remove(probe.getName());
      if (probe.getFinishedAt() == null || probeDir == null) {
        if (probeDir != null) {
          directories.put(probe.getName(), probeDir);
        }
        continue;
      }
      probe.setMachineSpeed(speeds.get(probe.getName()));
      probe.setName(dir.relativize(probeDir).toString());
      out.printf(
          "Probe %d (%s): %s%s%n",
          i + 1,
          probe.getStep(),
          ProbeJudge.verdict(probe),
          probe.getMachineSpeed() == null
              ? ""
              : String.format(
                  Locale.ROOT, " (machine speed %.2f M words/s)", probe.getMachineSpeed()));
      out.flush();
    }
  }

  private static Path probeDirectory(Path dir, PlannedRun run) {
    return dir.resolve("probes")
        .resolve(
            CapacityPlan.probeDirectory(
                run.index(), size(run.spec()), run.spec().getLoad().totalRatePerSecond()));
  }

  /** The size a probe's spec runs the app at: its CPU limit and instance count. */
  private static CapacityPlan.Size size(BenchmarkRunSpec probe) {
    return new CapacityPlan.Size(cpuLimit(probe), AppEnvironment.replicas(probe));
  }

  private static String cpuLimit(BenchmarkRunSpec probe) {
    return probe.getApp().getResources().getLimits().get("cpu").toString();
  }

  /**
   * The machine's speed on the probe's app cores, measured while no probe runs ({@link
   * MachineSpeed}); null, with a warning, when the calibration cannot run — the probe runs
   * regardless.
   */
  private Double machineSpeed(BenchmarkRunSpec probeSpec) {
    try {
      return MachineSpeed.measure(
          probeSpec.getApp().getResources(),
          Runtime.getRuntime().availableProcessors(),
          MachineSpeed.MEASURED);
    } catch (IOException e) {
      err.println("streamgauge: warning: no machine speed for this probe: " + e.getMessage());
      err.flush();
      return null;
    }
  }

  private static void write(Path dir, String title, CapacityStatus status, double bound) {
    try {
      Files.createDirectories(dir);
      String markdown = CapacityReport.markdown(title, status, bound);
      Files.writeString(dir.resolve("capacity.md"), markdown);
      ObjectNode json = JSON.createObjectNode();
      json.put("title", title);
      json.put("latencyP99MaxMs", bound);
      json.set("capacity", JSON.valueToTree(status));
      Files.writeString(
          dir.resolve("capacity.html"),
          HtmlReport.capacity(title, markdown, json.path("capacity")));
      Files.writeString(
          dir.resolve("capacity.json"),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json));
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the capacity search into " + dir + ": " + e.getMessage(), e);
    }
  }
}
