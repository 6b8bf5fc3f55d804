package io.streamgauge.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.platform.kubernetes.ClientImages;
import io.streamgauge.platform.kubernetes.KubernetesPlatform;
import io.streamgauge.run.PhaseMachine;
import io.streamgauge.run.PhaseTimeouts;
import io.streamgauge.run.RunEvents;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * The operator process: watches BenchmarkRuns in every namespace the service account may see and
 * runs them on this cluster. Client images come from {@code STREAMGAUGE_LOAD_GENERATOR_IMAGE} and
 * {@code STREAMGAUGE_LATENCY_CONSUMER_IMAGE}; {@code /metrics} and {@code /health} are served on
 * {@code STREAMGAUGE_OPERATOR_PORT} (default {@value #DEFAULT_PORT}).
 */
public final class OperatorMain {

  private OperatorMain() {}

  /** Default port of /metrics and /health. */
  public static final int DEFAULT_PORT = 8080;

  public static void main(String[] args) throws IOException {
    KubernetesClient client = new KubernetesClientBuilder().build();
    OperatorMetrics metrics =
        new OperatorMetrics(new KubernetesRunEvents(client, Clock.systemUTC()));
    Operator operator =
        start(
            client,
            new KubernetesPlatform(
                client,
                ClientImages.fromEnvironment(System.getenv()),
                KubernetesPlatform::serviceUrl),
            PhaseTimeouts.DEFAULT,
            metrics);
    int port =
        Integer.parseInt(
            System.getenv().getOrDefault("STREAMGAUGE_OPERATOR_PORT", "" + DEFAULT_PORT));
    MetricsServer.start(new InetSocketAddress(port), metrics.registry, () -> true, Map.of());
    operator.installShutdownHook(Duration.ofSeconds(10));
  }

  /** Registers the reconciler over {@code platform} and starts the operator. */
  public static Operator start(
      KubernetesClient client, KubernetesPlatform platform, PhaseTimeouts timeouts) {
    return start(client, platform, timeouts, new KubernetesRunEvents(client, Clock.systemUTC()));
  }

  private static Operator start(
      KubernetesClient client,
      KubernetesPlatform platform,
      PhaseTimeouts timeouts,
      RunEvents events) {
    Clock clock = Clock.systemUTC();
    PhaseMachine machine = new PhaseMachine(platform, events, timeouts);
    Operator operator = new Operator(o -> o.withKubernetesClient(client));
    operator.register(new BenchmarkRunReconciler(machine, clock));
    operator.start();
    return operator;
  }
}
