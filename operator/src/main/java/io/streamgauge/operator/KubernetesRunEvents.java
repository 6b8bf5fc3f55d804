package io.streamgauge.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's moments as Kubernetes Events on the BenchmarkRun ({@code kubectl describe} shows them):
 * Normal for each phase entered, Warning with the reason when the run fails. Also logged with the
 * run's name.
 */
final class KubernetesRunEvents implements RunEvents {

  private static final Logger LOG = LoggerFactory.getLogger(KubernetesRunEvents.class);
  private final ResourceEvents events;

  KubernetesRunEvents(KubernetesClient client, Clock clock) {
    this.events = new ResourceEvents(client, clock);
  }

  @Override
  public void phaseEntered(RunContext run, Phase phase, String message) {
    LOG.info("run={} phase={} {}", run.id(), phase, message);
    emit(run, "Normal", phase.name(), message);
  }

  @Override
  public void failed(RunContext run, FailureReason reason, String message) {
    LOG.warn("run={} failed reason={} {}", run.id(), reason, message);
    emit(run, "Warning", reason.name(), message);
  }

  @Override
  public void warning(RunContext run, String message) {
    LOG.warn("run={} {}", run.id(), message);
    emit(run, "Warning", "Warning", message);
  }

  @Override
  public void invalid(RunContext run, String failures) {
    LOG.warn("run={} not a valid measurement: {}", run.id(), failures);
    emit(run, "Warning", "ChecksFailed", "the run is not a valid measurement: " + failures);
  }

  private void emit(RunContext run, String type, String reason, String message) {
    events.emit(
        BenchmarkRun.GROUP + "/" + BenchmarkRun.VERSION,
        "BenchmarkRun",
        run.namespace(),
        run.name(),
        run.uid(),
        type,
        reason,
        message);
  }
}
