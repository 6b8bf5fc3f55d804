package io.streamgauge.operator;

import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.RuntimeInfo;
import io.streamgauge.common.MetricsServer.Health;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The operator's {@code /health}: 200 while every informer of a reconciling operator watches; 503
 * naming those that do not (an API server it cannot reach, a resource its RBAC does not grant), so
 * a liveness probe restarts an operator that can no longer see its runs. A standby under leader
 * election, which watches nothing until it leads, is healthy once started.
 */
public final class OperatorHealth implements Supplier<Health> {

  private final boolean elected;
  private volatile boolean leading;
  private volatile Operator operator;

  /**
   * @param elected whether the operator reconciles only while it holds the Lease
   */
  public OperatorHealth(boolean elected) {
    this.elected = elected;
  }

  /** The operator whose informers this health reads. */
  void of(Operator operator) {
    this.operator = operator;
  }

  /** Callbacks that keep track of whether this process leads. */
  LeaderCallbacks leadership() {
    return new LeaderCallbacks(() -> leading = true, () -> leading = false, leader -> {});
  }

  @Override
  public Health get() {
    Operator current = operator;
    if (current == null || !current.getRuntimeInfo().isStarted()) {
      return Health.down("starting");
    }
    if (elected && !leading) {
      return Health.up("standby: another operator process holds the Lease");
    }
    RuntimeInfo runtime = current.getRuntimeInfo();
    Set<String> unhealthy = new TreeSet<>();
    runtime
        .unhealthyEventSources()
        .forEach(
            (controller, sources) ->
                sources.forEach(
                    (source, indicator) ->
                        unhealthy.add(controller + "/" + source + "=" + indicator.getStatus())));
    if (unhealthy.isEmpty()) {
      return Health.up("ok: every informer watches");
    }
    return Health.down("not watching: " + unhealthy);
  }
}
