package io.streamgauge.suite;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.AppSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.spec.SuiteMatrix;
import io.streamgauge.api.suite.spec.SuiteVariant;
import io.streamgauge.scenario.RateScaling;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.series.PlannedRun;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of a series in the order they run. A suite's cells are the product of its axes; within
 * each scenario, guarantee and rate level the variants alternate their order per repetition (A B, B
 * A, A B …), so a drift of the nodes over time hits every variant alike. A run's repetitions are
 * its spec N times.
 *
 * @param cells every cell, grouped by scenario, guarantee and rate, the variants in their order
 * @param runs every run in the order they run
 */
public record SuitePlan(List<SuiteCell> cells, List<PlannedRun> runs) {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /** The cell {@code run} measures; null for a run's repetitions. */
  public SuiteCell cellOf(PlannedRun run) {
    return cells.stream().filter(c -> c.name().equals(run.cellName())).findFirst().orElse(null);
  }

  /**
   * The runs of suite {@code suiteName}: each the template with its cell applied (scenario,
   * guarantee, the variant's app fields), every default resolved, then its rates scaled. A variant
   * that names its scenarios has cells of those only.
   */
  public static SuitePlan of(String suiteName, BenchmarkSuiteSpec spec) {
    BenchmarkRunSpec template = spec.getTemplate();
    SuiteMatrix matrix = spec.getMatrix() == null ? new SuiteMatrix() : spec.getMatrix();
    Map<String, SuiteVariant> variants = new LinkedHashMap<>();
    if (matrix.getVariants() == null) {
      SuiteVariant only = new SuiteVariant();
      only.setName(defaultVariantName(template));
      variants.put(only.getName(), only);
    } else {
      matrix.getVariants().forEach(v -> variants.put(v.getName(), v));
    }
    int repetitions = spec.getRepetitions() == null ? 1 : spec.getRepetitions();
    List<SuiteCell> cells = new ArrayList<>();
    List<PlannedRun> runs = new ArrayList<>();
    for (Scenario scenario : orTemplate(matrix.getScenarios(), template.getScenario())) {
      for (ProcessingGuarantee guarantee :
          orTemplate(matrix.getProcessingGuarantees(), template.getProcessingGuarantee())) {
        for (double rate : orTemplate(matrix.getRateScales(), 1.0)) {
          List<SuiteCell> group =
              variants.values().stream()
                  .filter(v -> v.getScenarios() == null || v.getScenarios().contains(scenario))
                  .map(v -> new SuiteCell(v.getName(), scenario, guarantee, rate))
                  .toList();
          cells.addAll(group);
          for (int r = 1; r <= repetitions; r++) {
            for (SuiteCell cell : r % 2 == 1 ? group : reversed(group)) {
              int index = runs.size() + 1;
              runs.add(
                  new PlannedRun(
                      index,
                      suiteName + "-" + index,
                      cell.name(),
                      r,
                      cellSpec(template, variants.get(cell.variant()), cell)));
            }
          }
        }
      }
    }
    return new SuitePlan(List.copyOf(cells), List.copyOf(runs));
  }

  /**
   * The repetitions of run {@code runName}: its spec {@code spec.repetitions} times, as {@code
   * <run>-1} … {@code <run>-N}, each without repetitions or a gate of its own (the run judges the
   * gate over all of them).
   */
  public static SuitePlan repetitionsOf(String runName, BenchmarkRunSpec spec) {
    return repetitionsOf(runName, spec, spec.getRepetitions() == null ? 1 : spec.getRepetitions());
  }

  /** The repetitions of run {@code runName}: its spec {@code n} times (locally, --repetitions). */
  public static SuitePlan repetitionsOf(String runName, BenchmarkRunSpec spec, int n) {
    List<PlannedRun> runs = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      BenchmarkRunSpec one = SERIALIZATION.clone(spec);
      one.setRepetitions(null);
      one.setGate(null);
      runs.add(new PlannedRun(i, runName + "-" + i, null, i, one));
    }
    return new SuitePlan(List.of(), List.copyOf(runs));
  }

  /** The planned run called {@code name}, or null. */
  public PlannedRun run(String name) {
    return runs.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
  }

  /** The variant a suite without variants has: named after the template's runtime. */
  static String defaultVariantName(BenchmarkRunSpec template) {
    AppSpec app = template.getApp();
    return app == null || app.getRuntime() == null ? SpecDefaulter.APP_RUNTIME : app.getRuntime();
  }

  private static BenchmarkRunSpec cellSpec(
      BenchmarkRunSpec template, SuiteVariant variant, SuiteCell cell) {
    BenchmarkRunSpec spec = SERIALIZATION.clone(template);
    spec.setScenario(cell.scenario());
    spec.setProcessingGuarantee(cell.guarantee());
    spec.setRepetitions(null);
    spec.setGate(null);
    AppSpec app = spec.getApp() == null ? new AppSpec() : spec.getApp();
    spec.setApp(app);
    if (variant.getRuntime() != null) {
      app.setRuntime(variant.getRuntime());
    }
    if (variant.getImage() != null) {
      app.setImage(variant.getImage());
    }
    if (variant.getJvmOptions() != null) {
      app.setJvmOptions(new ArrayList<>(variant.getJvmOptions()));
    }
    if (variant.getResources() != null) {
      app.setResources(SERIALIZATION.clone(variant.getResources()));
    }
    if (variant.getMetrics() != null) {
      app.setMetrics(mergedMetrics(app.getMetrics(), variant.getMetrics()));
    }
    if (variant.getConfig() != null) {
      Map<String, String> config =
          app.getConfig() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(app.getConfig());
      config.putAll(variant.getConfig());
      app.setConfig(config);
    }
    BenchmarkRunSpec resolved = new SpecDefaulter().apply(spec);
    RateScaling.scale(resolved, cell.rateScale());
    return resolved;
  }

  /** {@code variant}'s metrics fields over {@code template}'s (either may be null). */
  private static AppMetricsSpec mergedMetrics(AppMetricsSpec template, AppMetricsSpec variant) {
    AppMetricsSpec merged = template == null ? new AppMetricsSpec() : SERIALIZATION.clone(template);
    if (variant.getPort() != null) {
      merged.setPort(variant.getPort());
    }
    if (variant.getPath() != null) {
      merged.setPath(variant.getPath());
    }
    if (variant.getReadinessPath() != null) {
      merged.setReadinessPath(variant.getReadinessPath());
    }
    if (variant.getProfile() != null) {
      merged.setProfile(variant.getProfile());
    }
    if (variant.getQueries() != null) {
      merged.setQueries(SERIALIZATION.clone(variant.getQueries()));
    }
    return merged;
  }

  private static <T> List<T> reversed(List<T> list) {
    List<T> copy = new ArrayList<>(list);
    Collections.reverse(copy);
    return copy;
  }

  private static <T> List<T> orTemplate(List<T> axis, T templateValue) {
    return axis == null || axis.isEmpty() ? List.of(templateValue) : axis;
  }
}
