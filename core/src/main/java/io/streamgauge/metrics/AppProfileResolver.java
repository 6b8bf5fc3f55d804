package io.streamgauge.metrics;

import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.MetricQueries;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The metric profile {@code spec.app.metrics} asks for: a built-in profile by name, with {@code
 * queries} replacing or adding figures (a custom profile).
 */
public final class AppProfileResolver {

  /** The profile used when the spec names none. */
  public static final String DEFAULT_PROFILE = "prometheus-jvm";

  private AppProfileResolver() {}

  /**
   * @throws IllegalArgumentException naming {@code spec.app.metrics.profile} when it is unknown
   */
  public static MetricProfile resolve(AppMetricsSpec metrics) {
    String name =
        metrics == null || metrics.getProfile() == null ? DEFAULT_PROFILE : metrics.getProfile();
    MetricProfile base =
        MetricProfiles.find(name)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "spec.app.metrics.profile: unknown profile '"
                            + name
                            + "' (known: "
                            + String.join(", ", MetricProfiles.names())
                            + ")"));
    MetricQueries queries = metrics == null ? null : metrics.getQueries();
    if (queries == null) {
      return base;
    }
    Map<Figure, String> overrides = new EnumMap<>(Figure.class);
    put(overrides, Figure.CPU_CORES, queries, MetricQueries::getCpuCores);
    put(overrides, Figure.MEMORY_BYTES, queries, MetricQueries::getMemoryBytes);
    put(overrides, Figure.HEAP_BYTES, queries, MetricQueries::getHeapBytes);
    put(overrides, Figure.GC_PAUSE_SECONDS, queries, MetricQueries::getGcPauseSeconds);
    put(overrides, Figure.GC_PAUSE_MAX_SECONDS, queries, MetricQueries::getGcPauseMaxSeconds);
    put(overrides, Figure.THREADS, queries, MetricQueries::getThreads);
    return overrides.isEmpty() ? base : base.with(name + "+custom", overrides);
  }

  private static void put(
      Map<Figure, String> overrides,
      Figure figure,
      MetricQueries queries,
      Function<MetricQueries, String> getter) {
    String query = getter.apply(queries);
    if (query != null && !query.isBlank()) {
      overrides.put(figure, query);
    }
  }
}
