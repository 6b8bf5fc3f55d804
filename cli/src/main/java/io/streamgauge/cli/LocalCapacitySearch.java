package io.streamgauge.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.CapacityProbeStatus;
import io.streamgauge.api.CapacityStatus;
import io.streamgauge.api.ChildRunStatus;
import io.streamgauge.capacity.CapacityMachine;
import io.streamgauge.capacity.CapacityPlan;
import io.streamgauge.capacity.CapacityReport;
import io.streamgauge.capacity.ProbeJudge;
import io.streamgauge.localrun.LocalSpec;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.MachineSpeed;
import io.streamgauge.suite.RecordedRuns;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;

/**
 * A capacity search ({@code spec.capacity}) on this machine: each probe a local run of its own
 * (fresh broker, topics, app and clients) into {@code DIR/probes/<n>-cpu<limit>-<rate>}, chosen by
 * {@link CapacityPlan} from the probes before it; {@code capacity.md} and {@code capacity.json} in
 * {@code DIR} rewritten after every probe, so an interrupted search keeps what it found.
 */
final class LocalCapacitySearch {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final LocalExecution execution;
  private final PrintWriter out;
  private final PrintWriter err;
  private final Clock clock;

  LocalCapacitySearch(LocalExecution execution, PrintWriter out, PrintWriter err, Clock clock) {
    this.execution = execution;
    this.out = out;
    this.err = err;
    this.clock = clock;
  }

  /**
   * Searches with {@code spec} (resolved for this machine, with {@code spec.capacity}) into {@code
   * dir}.
   *
   * @return 0 when every CPU limit's ceiling resolved, 5 when one did not (no rate passed, the
   *     probe budget ran out), 4 when a probe failed as a run before any passed, or the interrupted
   *     probe's code
   */
  int search(LocalSpec spec, Map<String, String> kafkaSecrets, Path dir) {
    CapacityPlan plan = CapacityPlan.of(spec.spec());
    double bound = spec.spec().getCapacity().getLatencyP99MaxMs();
    CapacityStatus status = new CapacityStatus();
    String title =
        spec.name()
            + " ("
            + spec.spec().getScenario().value()
            + ", "
            + spec.spec().getProcessingGuarantee().value()
            + ")";
    while (true) {
      CapacityPlan.Progress progress = plan.progress(status.getProbes());
      status.setLimits(progress.limits());
      write(dir, title, status, bound);
      if (progress.next().isEmpty()) {
        break;
      }
      CapacityPlan.NextProbe next = progress.next().get();
      int index = status.getProbes().size() + 1;
      Path probeDir =
          dir.resolve("probes")
              .resolve(CapacityPlan.probeDirectory(index, next.cpuLimit(), next.rate()));
      CapacityProbeStatus probe = ProbeJudge.planned(dir.relativize(probeDir).toString(), next);
      BenchmarkRunSpec probeSpec = plan.probeSpec(next.cpuLimit(), next.rate());
      probe.setMachineSpeed(machineSpeed(probeSpec));
      probe.setStartedAt(clock.instant().toString());
      out.printf(
          "Probe %d (%s): %s records/s, CPU limit %s, into %s%s%n",
          index,
          next.step(),
          Math.round(next.rate()),
          next.cpuLimit(),
          probeDir,
          probe.getMachineSpeed() == null
              ? ""
              : String.format(
                  Locale.ROOT, " (machine speed %.2f M words/s)", probe.getMachineSpeed()));
      out.flush();
      int exitCode =
          execution.run(
              new LocalSpec(spec.name() + "-p" + index, probeSpec), kafkaSecrets, probeDir);
      ChildRunStatus run = new ChildRunStatus();
      run.setName(probe.getName());
      RecordedRuns.observe(run, OutputDirectories.result(probeDir), clock.instant());
      if (LocalExecution.interrupted(exitCode)) {
        out.println("Stopped at probe " + index + ": interrupted");
        write(dir, title, status, bound);
        return exitCode;
      }
      ProbeJudge.judge(probe, run, bound);
      status.getProbes().add(probe);
      out.printf("Probe %d: %s%n", index, ProbeJudge.verdict(probe));
      if (exitCode == ExitCodes.RUN_FAILED
          && status.getProbes().stream().noneMatch(ProbeJudge::passed)) {
        write(dir, title, status, bound);
        err.println(
            "streamgauge: capacity search stopped: probe "
                + index
                + " failed as a run before any probe passed (the setup, not the rate, fails): "
                + String.join("; ", probe.getWhy()));
        return ExitCodes.RUN_FAILED;
      }
    }
    out.println();
    out.print(CapacityReport.markdown(title, status, bound));
    out.println("\nWrote " + dir.resolve("capacity.md") + " and capacity.json");
    out.flush();
    boolean resolved =
        status.getLimits().stream().allMatch(l -> CapacityMachine.resolved(l.getOutcome()));
    return resolved ? ExitCodes.SUCCESS : ExitCodes.INVALID_RUN;
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
      Files.writeString(dir.resolve("capacity.md"), CapacityReport.markdown(title, status, bound));
      ObjectNode json = JSON.createObjectNode();
      json.put("title", title);
      json.put("latencyP99MaxMs", bound);
      json.set("capacity", JSON.valueToTree(status));
      Files.writeString(
          dir.resolve("capacity.json"),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json));
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the capacity search into " + dir + ": " + e.getMessage(), e);
    }
  }
}
