package io.streamgauge.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;
import io.streamgauge.platform.kubernetes.ClientImages;
import io.streamgauge.platform.kubernetes.KubernetesPlatform;
import io.streamgauge.run.PhaseMachine;
import io.streamgauge.run.PhaseTimeouts;
import java.time.Clock;

/**
 * The operator process: watches BenchmarkRuns in every namespace the service account may see and
 * runs them on this cluster. Client images come from {@code STREAMGAUGE_LOAD_GENERATOR_IMAGE} and
 * {@code STREAMGAUGE_LATENCY_CONSUMER_IMAGE}.
 */
public final class OperatorMain {

  private OperatorMain() {}

  public static void main(String[] args) {
    KubernetesClient client = new KubernetesClientBuilder().build();
    Operator operator =
        start(
            client,
            new KubernetesPlatform(
                client,
                ClientImages.fromEnvironment(System.getenv()),
                KubernetesPlatform::serviceUrl),
            PhaseTimeouts.DEFAULT);
    operator.installShutdownHook(java.time.Duration.ofSeconds(10));
  }

  /** Registers the reconciler over {@code platform} and starts the operator. */
  public static Operator start(
      KubernetesClient client, KubernetesPlatform platform, PhaseTimeouts timeouts) {
    Clock clock = Clock.systemUTC();
    PhaseMachine machine =
        new PhaseMachine(platform, new KubernetesRunEvents(client, clock), timeouts);
    Operator operator = new Operator(o -> o.withKubernetesClient(client));
    operator.register(new BenchmarkRunReconciler(machine, clock));
    operator.start();
    return operator;
  }
}
