package io.streamgauge.metrics;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Reads the app's figures per instance: the pods Prometheus scraped for the app in the window, then
 * each pod's CPU, memory, heap and GC pause with the same profiles as the app's, over its series
 * alone. A pod replaced inside the window (a killed instance on a cluster) is an instance of its
 * own; locally a restarted instance keeps its pod label and stays one.
 */
public final class InstanceFiguresCollector {

  /** The figures read per instance. */
  public static final Set<Figure> FIGURES =
      EnumSet.of(
          Figure.CPU_CORES,
          Figure.MEMORY_BYTES,
          Figure.MEMORY_PEAK_BYTES,
          Figure.HEAP_BYTES,
          Figure.GC_PAUSE_SECONDS);

  /** The most instances read: the bound of spec.app.replicas twice over (replacements). */
  public static final int MAX_INSTANCES = 32;

  /** The pods of the app scraped in the window. */
  static final String PODS_QUERY = "count by (pod) (count_over_time(up{$selector}[$window]))";

  private final PrometheusClient prometheus;

  public InstanceFiguresCollector(PrometheusClient prometheus) {
    this.prometheus = prometheus;
  }

  /**
   * The figures of each instance of {@code app}, by pod name.
   *
   * @param podSelector the label matchers of one pod's series
   * @throws PrometheusException when Prometheus cannot be asked
   */
  public List<InstanceFigures> collect(
      MeasurementWindow window, ScrapeTarget app, Function<String, String> podSelector)
      throws PrometheusException {
    Set<String> pods = new TreeSet<>();
    for (Sample sample :
        prometheus.instant(
            window.render(PODS_QUERY, app.selector(), app.container()), window.end())) {
      String pod = sample.labels().get("pod");
      if (pod != null && pods.size() < MAX_INSTANCES) {
        pods.add(pod);
      }
    }
    Set<Figure> figures = EnumSet.noneOf(Figure.class);
    figures.addAll(FIGURES);
    figures.retainAll(app.figures());
    WindowMetricsCollector collector = new WindowMetricsCollector(prometheus);
    List<InstanceFigures> instances = new ArrayList<>();
    for (String pod : pods) {
      ScrapeTarget one =
          new ScrapeTarget(app.component(), podSelector.apply(pod), app.profiles(), figures);
      instances.add(new InstanceFigures(pod, collector.collect(window, List.of(one))));
    }
    return instances;
  }
}
