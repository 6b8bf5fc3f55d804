package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.platform.kubernetes.KubernetesPlatform;
import io.streamgauge.platform.kubernetes.LatencyConsumerResources;
import io.streamgauge.run.PhaseMachine;
import io.streamgauge.run.PhaseTimeouts;
import io.streamgauge.run.PlatformLimits;
import io.streamgauge.run.RunEvents;
import io.streamgauge.run.RunStateMetrics;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.Map;
import java.util.Set;

/**
 * The operator process: watches BenchmarkRuns and BenchmarkSuites in every namespace the service
 * account may see (or those of {@code STREAMGAUGE_WATCH_NAMESPACES}) and runs them on this cluster;
 * see {@link OperatorSettings} for its environment. {@code /metrics} (operator counters, every
 * run's state as {@link RunStateMetrics}, JVM) and {@code /health} are served on {@code
 * STREAMGAUGE_OPERATOR_PORT}. A bad setting ends it at once with a one-line message.
 */
public final class OperatorMain {

  private OperatorMain() {}

  public static void main(String[] args) throws IOException {
    OperatorSettings settings;
    try {
      settings = OperatorSettings.fromEnvironment(System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("streamgauge-operator: " + e.getMessage());
      System.exit(2);
      return;
    }
    KubernetesClient client = new KubernetesClientBuilder().build();
    PrometheusRegistry registry = new PrometheusRegistry();
    OperatorMetrics metrics =
        new OperatorMetrics(registry, new KubernetesRunEvents(client, Clock.systemUTC()));
    OperatorHealth health = new OperatorHealth(settings.leaderElection() != null);
    Operator operator =
        start(
            client,
            new KubernetesPlatform(
                client,
                settings.platform(),
                LatencyConsumerResources::serviceUrl,
                Clock.systemUTC()),
            PhaseTimeouts.DEFAULT,
            metrics,
            new RunStateMetrics(registry),
            settings.watchNamespaces(),
            settings.leaderElection(),
            health,
            new InstallClaim(settings.install()));
    MetricsServer.start(
        new InetSocketAddress(settings.port()),
        registry,
        health,
        Map.of("/livez", Liveness::answer));
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> stop(operator, client, settings.leaderElection()), "shutdown"));
  }

  /**
   * Registers the run and suite reconcilers over {@code platform} for {@code namespaces} (empty:
   * every namespace) and starts the operator; it reconciles only while elected when {@code
   * election} is not null, {@code health} reads its informers, the runs' gauges go to {@code
   * registry}, and it drives only the runs and suites install {@code install} claims ({@link
   * InstallClaim}).
   */
  public static Operator start(
      KubernetesClient client,
      KubernetesPlatform platform,
      PhaseTimeouts timeouts,
      Set<String> namespaces,
      LeaderElection election,
      OperatorHealth health,
      PrometheusRegistry registry,
      String install) {
    return start(
        client,
        platform,
        timeouts,
        new KubernetesRunEvents(client, Clock.systemUTC()),
        new RunStateMetrics(registry),
        namespaces,
        election,
        health,
        new InstallClaim(install));
  }

  private static Operator start(
      KubernetesClient client,
      KubernetesPlatform platform,
      PhaseTimeouts timeouts,
      RunEvents events,
      RunStateMetrics runMetrics,
      Set<String> namespaces,
      LeaderElection election,
      OperatorHealth health,
      InstallClaim claim) {
    Clock clock = Clock.systemUTC();
    HeldRunEvents held = new HeldRunEvents(events);
    PhaseMachine machine = new PhaseMachine(platform.platform(), held, timeouts);
    Operator operator =
        new Operator(
            o -> {
              o.withKubernetesClient(client);
              if (election != null) {
                o.withLeaderElectionConfiguration(election.configuration(health.leadership()));
              }
            });
    BenchmarkRunReconciler reconciler =
        new BenchmarkRunReconciler(
            machine,
            new RunIntake(
                platform.referenceApps(),
                PlatformLimits.of(platform.platform()),
                platform::prometheusRefusal),
            platform.objects(),
            runMetrics,
            client,
            held,
            clock,
            new SharedKafkaFinalizer(platform.platform().teardown(), held),
            claim);
    BenchmarkSuiteReconciler suites = new BenchmarkSuiteReconciler(client, clock, claim);
    operator.register(reconciler, o -> configure(o, namespaces));
    operator.register(suites, o -> configure(o, namespaces));
    health.of(operator);
    operator.start();
    return operator;
  }

  /** Every reconciler's pacing, and its namespaces when not all. */
  private static <R extends HasMetadata> void configure(
      ControllerConfigurationOverrider<R> configuration, Set<String> namespaces) {
    ReconcilePacing.apply(configuration);
    if (!namespaces.isEmpty()) {
      configuration.settingNamespaces(namespaces);
    }
  }

  /**
   * Stops {@code operator} and, when it was elected, gives up its Lease ({@link
   * LeaderElection#release}) so the next process leads at once.
   */
  public static void stop(Operator operator, KubernetesClient client, LeaderElection election) {
    operator.stop();
    if (election != null) {
      election.release(client);
    }
  }
}
