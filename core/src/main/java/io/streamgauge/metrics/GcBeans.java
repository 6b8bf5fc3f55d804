package io.streamgauge.metrics;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The JVM's garbage collector beans, as exporters label them ({@code gc="G1 Young Generation"}),
 * told apart by what they time. G1, Parallel and Serial beans time stop-the-world pauses. ZGC and
 * Shenandoah have a "Cycles" bean that times whole, mostly concurrent, cycles beside a "Pauses"
 * bean (JDK 17+; generational ZGC has Minor and Major of each), and JDK 11-16's ZGC has a single
 * "ZGC" bean timing cycles only. Counting a cycle as a pause would report tens of milliseconds for
 * a collector whose pauses last well under one.
 */
public final class GcBeans {

  /** The beans that time concurrent cycles, as a PromQL (fully anchored) regex. */
  public static final String CONCURRENT_REGEX = ".*Cycles|ZGC";

  private static final Pattern CONCURRENT = Pattern.compile(CONCURRENT_REGEX);

  private GcBeans() {}

  /** True for a bean that times concurrent cycles rather than pauses. */
  public static boolean timesCycles(String bean) {
    return CONCURRENT.matcher(bean).matches();
  }

  /**
   * Why there is no pause figure when every bean of {@code beans} times cycles, e.g. {@code the
   * JVM's GC beans (ZGC) time concurrent cycles, not pauses}; null when some bean times pauses or
   * none is known.
   */
  public static String noPausesReason(List<String> beans) {
    if (beans.isEmpty() || !beans.stream().allMatch(GcBeans::timesCycles)) {
      return null;
    }
    return "the JVM's GC beans ("
        + String.join(", ", beans)
        + ") time concurrent cycles, not pauses: no pause figure (a JDK 17+ ZGC or Shenandoah"
        + " also reports a \"Pauses\" bean)";
  }
}
