package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.testing.TestRuns;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.lang.reflect.Proxy;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The two refusals a status write meets while a run is reconciled, from the real API server: the
 * run changed since it was read (409), and the run is gone (404). Each is told apart, so the
 * reconciler re-reads or ends quietly instead of writing the same status again.
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatusPatchIT {

  private static final String NS = "status-patch-it";
  private static final String SPEC =
      """
      scenario: wordcount
      processingGuarantee: at_least_once
      app: {image: example.invalid/streams-app:1}
      """;

  private KubernetesClient client;

  @BeforeAll
  void start(TestControlPlane plane) {
    client = plane.client();
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .serverSideApply();
  }

  @Test
  void aRunChangedSinceItWasReadIsNotWrittenAndSaysSo() {
    BenchmarkRun read = TestRuns.create(client, NS, "changed", SPEC);
    BenchmarkRun edited = client.resource(read).get();
    edited.getMetadata().setLabels(java.util.Map.of("edited", "by-a-user"));
    client.resource(edited).update();

    assertThatThrownBy(() -> write(read, "decided from the older run"))
        .isInstanceOfSatisfying(
            StatusPatch.NotStored.class,
            e -> assertThat(e.why()).isEqualTo(StatusPatch.NotStored.Why.CHANGED));
    assertThat(client.resource(read).get().getStatus()).as("nothing was written").isNull();
  }

  @Test
  void aRunDeletedSinceItWasReadIsNotWrittenAndSaysItIsGone() {
    BenchmarkRun read = TestRuns.create(client, NS, "deleted", SPEC);
    client.resource(read).delete();
    Awaitility.await().until(() -> client.resource(read).get() == null);

    assertThatThrownBy(() -> write(read, "decided before the deletion"))
        .isInstanceOfSatisfying(
            StatusPatch.NotStored.class,
            e -> assertThat(e.why()).isEqualTo(StatusPatch.NotStored.Why.GONE));
  }

  /**
   * Writes a status through {@link StatusPatch} as the reconciler does; the context answers only
   * what a refused write asks (the client, the field manager): a stored write would also ask for
   * the controller's cache, which only a running operator has.
   */
  private void write(BenchmarkRun read, String progress) {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.setProgress(progress);
    StatusPatch.applyAndCache(read, status, BenchmarkRun::new, context());
  }

  @SuppressWarnings("unchecked")
  private Context<BenchmarkRun> context() {
    ControllerConfiguration<BenchmarkRun> configuration =
        (ControllerConfiguration<BenchmarkRun>)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ControllerConfiguration.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("fieldManager")) {
                    return "benchmarkrun";
                  }
                  throw new UnsupportedOperationException(method.getName());
                });
    return (Context<BenchmarkRun>)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Context.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getClient" -> client;
                  case "getControllerConfiguration" -> configuration;
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
