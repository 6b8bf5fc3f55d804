package io.streamgauge.validation;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.FaultSpec;
import io.streamgauge.api.spec.PrometheusSpec;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.common.SpecDuration;
import java.util.ArrayList;
import java.util.List;

/**
 * Every duration a spec holds, checked before anything computes with them: each must be in the
 * notation and at most {@link SpecDuration#MAX}. The CRD refuses the same at admission; this
 * catches what reaches a run anyway (a CRD older than the operator), naming the field.
 */
public final class DurationFields {

  private DurationFields() {}

  /**
   * One problem per duration that does not parse or is too long, e.g. {@code spec.schedule.timeout:
   * '999h' must be at most 720h}.
   */
  public static List<String> problems(BenchmarkRunSpec spec) {
    List<String> problems = new ArrayList<>();
    ScheduleSpec schedule = spec.getSchedule();
    if (schedule != null) {
      check("spec.schedule.warmup", schedule.getWarmup(), problems);
      check("spec.schedule.catchUp", schedule.getCatchUp(), problems);
      check("spec.schedule.catchUpHold", schedule.getCatchUpHold(), problems);
      check("spec.schedule.rampUp", schedule.getRampUp(), problems);
      check("spec.schedule.measurement", schedule.getMeasurement(), problems);
      check("spec.schedule.timeout", schedule.getTimeout(), problems);
      check("spec.schedule.drainTimeout", schedule.getDrainTimeout(), problems);
    }
    PrometheusSpec prometheus = spec.getPrometheus();
    if (prometheus != null) {
      check("spec.prometheus.scrapeInterval", prometheus.getScrapeInterval(), problems);
      check(
          "spec.prometheus.cadvisorScrapeInterval",
          prometheus.getCadvisorScrapeInterval(),
          problems);
      check("spec.prometheus.resolution", prometheus.getResolution(), problems);
    }
    if (spec.getCleanup() != null) {
      check("spec.cleanup.ttlAfterFinished", spec.getCleanup().getTtlAfterFinished(), problems);
    }
    List<FaultSpec> faults = spec.getFaults();
    for (int i = 0; faults != null && i < faults.size(); i++) {
      FaultSpec fault = faults.get(i);
      if (fault != null) {
        check("spec.faults[" + i + "].at", fault.getAt(), problems);
        check("spec.faults[" + i + "].duration", fault.getDuration(), problems);
      }
    }
    return problems;
  }

  private static void check(String path, String value, List<String> problems) {
    if (value == null) {
      return;
    }
    try {
      SpecDuration.parse(value);
    } catch (IllegalArgumentException e) {
      problems.add(path + ": " + e.getMessage());
    }
  }
}
