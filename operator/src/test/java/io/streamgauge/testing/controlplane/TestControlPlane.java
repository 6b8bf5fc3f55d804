package io.streamgauge.testing.controlplane;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAddress;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.common.ListenPorts;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * A real, throwaway Kubernetes control plane: etcd, kube-apiserver, kube-controller-manager,
 * kube-scheduler and kwok on free loopback ports, plus one kwok fake node sized like the
 * methodology's app node (8 CPU, 32 GiB). Create with {@link #start}, release with {@link #close},
 * which stops every process it started and deletes its data directory.
 */
public final class TestControlPlane implements AutoCloseable {

  /**
   * What every container on the fake node has logged, as {@code kubectl logs} shows it (kwok reads
   * it from one file for every container, its previous instance included).
   */
  public static final String CONTAINER_LOG = "streamgauge test control plane: a container's log";

  private static final String CONTAINER_LOG_LINE =
      "2026-01-01T00:00:00.000000000Z stdout F " + CONTAINER_LOG;

  /** Name of the fake node kwok manages. */
  public static final String NODE_NAME = "kwok-app-node";

  private static final Duration STARTUP = Duration.ofMinutes(2);

  private final Path dir;
  private final List<ManagedProcess> processes = new ArrayList<>();
  private final ControlPlaneBinaries binaries;
  private Path kubeconfig;
  private KubernetesClient client;
  private List<String> apiServerCommand;
  private ManagedProcess apiServer;

  private TestControlPlane(Path dir, ControlPlaneBinaries binaries) {
    this.dir = dir;
    this.binaries = binaries;
  }

  /** Starts every component and waits until the API server is ready and the node is Ready. */
  public static TestControlPlane start() {
    ControlPlaneBinaries binaries = ControlPlaneBinaries.locate();
    TestControlPlane plane;
    try {
      plane = new TestControlPlane(Files.createTempDirectory("streamgauge-cp-"), binaries);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      plane.boot();
      return plane;
    } catch (RuntimeException | IOException e) {
      String logs = plane.describeProcesses();
      plane.close();
      throw new IllegalStateException(
          "test control plane failed to start: " + e.getMessage() + "\n" + logs, e);
    }
  }

  private void boot() throws IOException {
    Path logs = Files.createDirectories(dir.resolve("logs"));
    ServiceAccountKey saKey = ServiceAccountKey.generate(dir);
    String token = UUID.randomUUID().toString();
    Path tokens = dir.resolve("tokens.csv");
    Files.writeString(tokens, token + ",admin,admin,\"system:masters\"\n");

    int etcdPort = ListenPorts.pick();
    int etcdPeerPort = ListenPorts.pick();
    String etcdUrl = "http://127.0.0.1:" + etcdPort;
    String peerUrl = "http://127.0.0.1:" + etcdPeerPort;
    ManagedProcess etcd =
        launch(
            "etcd",
            List.of(
                binaries.etcd().toString(),
                "--name=default",
                "--data-dir=" + dir.resolve("etcd"),
                "--listen-client-urls=" + etcdUrl,
                "--advertise-client-urls=" + etcdUrl,
                "--listen-peer-urls=" + peerUrl,
                "--initial-advertise-peer-urls=" + peerUrl,
                "--initial-cluster=default=" + peerUrl,
                "--log-level=warn"),
            logs);
    awaitHttpOk(etcd, URI.create(etcdUrl + "/health"));

    int apiPort = ListenPorts.pick();
    Path certDir = dir.resolve("apiserver-certs");
    apiServerCommand =
        List.of(
            binaries.apiServer().toString(),
            "--etcd-servers=" + etcdUrl,
            "--bind-address=127.0.0.1",
            "--advertise-address=127.0.0.1",
            "--secure-port=" + apiPort,
            "--cert-dir=" + certDir,
            "--token-auth-file=" + tokens,
            "--authorization-mode=RBAC",
            "--service-cluster-ip-range=10.96.0.0/16",
            "--service-account-issuer=https://kubernetes.default.svc",
            "--service-account-key-file=" + saKey.publicKey(),
            "--service-account-signing-key-file=" + saKey.privateKey(),
            "--allow-privileged=true",
            // The node's only address is kwok's kubelet API on loopback (registerNode): log
            // requests never resolve the node's name nor leave the machine.
            "--kubelet-preferred-address-types=InternalIP",
            "--v=0");
    apiServer = launch("kube-apiserver", apiServerCommand, logs);
    kubeconfig =
        Kubeconfig.write(
            dir.resolve("kubeconfig"),
            "https://127.0.0.1:" + apiPort,
            certDir.resolve("apiserver.crt"),
            token);
    awaitFile(apiServer, certDir.resolve("apiserver.crt"));
    client = new KubernetesClientBuilder().withConfig(clientConfig()).build();
    await("kube-apiserver /readyz", apiServer, this::apiServerReady);

    String kc = "--kubeconfig=" + kubeconfig;
    // kwok reads ~/.kwok/kwok.yaml unless told otherwise; an empty configuration keeps it hermetic
    // and leaves its built-in stages (nodes Ready, pods Running, Job pods Completed) in force.
    Path kwokConfig = dir.resolve("kwok.yaml");
    // Every container's log is one file (CRI format), served by kwok's kubelet API.
    Files.writeString(podLog(), CONTAINER_LOG_LINE + "\n");
    Files.writeString(
        kwokConfig,
        "apiVersion: config.kwok.x-k8s.io/v1alpha1\nkind: KwokConfiguration\n---\n"
            + "apiVersion: kwok.x-k8s.io/v1alpha1\nkind: ClusterLogs\nmetadata: {name: every-pod}\n"
            + "spec:\n  logs:\n  - logsFile: "
            + podLog()
            + "\n    previousLogsFile: "
            + podLog()
            + "\n---\n"
            + Files.readString(binaries.kwokPodStages()));
    int kubeletPort = ListenPorts.pick();
    ManagedProcess controllerManager =
        launch(
            "kube-controller-manager",
            List.of(
                binaries.controllerManager().toString(),
                kc,
                "--leader-elect=false",
                "--secure-port=0",
                "--service-account-private-key-file=" + saKey.privateKey(),
                "--root-ca-file=" + certDir.resolve("apiserver.crt"),
                "--use-service-account-credentials=false",
                // Tests stop the API server for up to 90 s (stopApiServer); the node, whose lease
                // kwok cannot renew meanwhile, must not be declared lost and tainted for it.
                "--node-monitor-grace-period=3m",
                "--controllers=*"),
            logs);
    launch(
        "kube-scheduler",
        List.of(binaries.scheduler().toString(), kc, "--leader-elect=false", "--secure-port=0"),
        logs);
    ManagedProcess kwok =
        launch(
            "kwok",
            List.of(
                binaries.kwok().toString(),
                kc,
                "--config=" + kwokConfig,
                "--manage-all-nodes=false",
                "--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake",
                "--manage-nodes-with-label-selector=",
                "--manage-single-node=",
                "--cidr=10.0.0.0/24",
                "--node-ip=127.0.0.1",
                "--node-port=" + kubeletPort,
                "--server-address=127.0.0.1:" + kubeletPort,
                "--node-lease-duration-seconds=40"),
            logs);

    registerNode(kwok);
    await(
        "ServiceAccount default/default (controller manager running)",
        controllerManager,
        () -> client.serviceAccounts().inNamespace("default").withName("default").get() != null);
  }

  private Path podLog() {
    return dir.resolve("container.log");
  }

  private Config clientConfig() throws IOException {
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    config.setRequestTimeout(30_000);
    return config;
  }

  private boolean apiServerReady() {
    try {
      return "ok".equals(client.raw("/readyz"));
    } catch (KubernetesClientException e) {
      return false;
    }
  }

  private void registerNode(ManagedProcess kwok) {
    Map<String, Quantity> size =
        Map.of(
            "cpu", new Quantity("8"),
            "memory", new Quantity("32Gi"),
            "pods", new Quantity("110"));
    Node node =
        new NodeBuilder()
            .withNewMetadata()
            .withName(NODE_NAME)
            .addToAnnotations("kwok.x-k8s.io/node", "fake")
            .addToAnnotations("node.alpha.kubernetes.io/ttl", "0")
            .addToLabels("type", "kwok")
            .addToLabels("kubernetes.io/hostname", NODE_NAME)
            .addToLabels("kubernetes.io/os", "linux")
            .addToLabels("kubernetes.io/arch", "amd64")
            .addToLabels("streamgauge.io/node-role", "app")
            .endMetadata()
            .withNewStatus()
            .addToAddresses(new NodeAddress("127.0.0.1", "InternalIP"))
            .withCapacity(size)
            .withAllocatable(size)
            .endStatus()
            .build();
    client.nodes().resource(node).create();
    await("node " + NODE_NAME + " Ready", kwok, () -> isNodeReady(NODE_NAME));
  }

  /**
   * Stops the API server, as an outage would; everything else keeps running and sees it gone until
   * {@link #restartApiServer}.
   */
  public void stopApiServer() {
    apiServer.close();
  }

  /**
   * Starts the API server again on the same port, certificates and etcd, and waits until it is
   * ready.
   */
  public void restartApiServer() {
    try {
      ManagedProcess restarted =
          ManagedProcess.start("kube-apiserver", apiServerCommand, dir.resolve("logs"));
      processes.set(processes.indexOf(apiServer), restarted);
      apiServer = restarted;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot restart kube-apiserver", e);
    }
    await("kube-apiserver /readyz after a restart", apiServer, this::apiServerReady);
    await(
        "node " + NODE_NAME + " Ready and untainted after the API server's restart",
        apiServer,
        () -> isNodeReady(NODE_NAME) && untainted(NODE_NAME));
  }

  private boolean untainted(String name) {
    Node node = client.nodes().withName(name).get();
    return node.getSpec().getTaints() == null || node.getSpec().getTaints().isEmpty();
  }

  /** True when the node's Ready condition is True. */
  public boolean isNodeReady(String name) {
    Node node = client.nodes().withName(name).get();
    return node != null
        && node.getStatus() != null
        && node.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  /** An admin client of this control plane. Do not close it; {@link #close} does. */
  public KubernetesClient client() {
    return client;
  }

  /** The kubeconfig file of this control plane (inside its throwaway directory). */
  public Path kubeconfig() {
    return kubeconfig;
  }

  /**
   * Installs every CustomResourceDefinition in the given YAML files and waits until each is
   * Established.
   */
  public List<CustomResourceDefinition> installCrds(List<Path> files) {
    List<CustomResourceDefinition> installed = new ArrayList<>();
    for (Path file : files) {
      try (InputStream in = Files.newInputStream(file)) {
        for (HasMetadata item : client.load(in).items()) {
          if (item instanceof CustomResourceDefinition crd) {
            installed.add(
                client
                    .apiextensions()
                    .v1()
                    .customResourceDefinitions()
                    .resource(crd)
                    .forceConflicts()
                    .serverSideApply());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read CRD file " + file, e);
      }
    }
    for (CustomResourceDefinition crd : installed) {
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .withName(crd.getMetadata().getName())
          .waitUntilCondition(TestControlPlane::established, 60, TimeUnit.SECONDS);
    }
    return installed;
  }

  private static boolean established(CustomResourceDefinition crd) {
    return crd != null
        && crd.getStatus() != null
        && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  /** Runs the pinned kubectl against this control plane (never against ~/.kube/config). */
  public CommandResult kubectl(String... args) {
    return run(binaries.kubectl(), List.of(args), Map.of(), Duration.ofSeconds(60));
  }

  /**
   * Runs the pinned kubectl against this control plane with {@code pluginDir} first on PATH, as a
   * user who installed a kubectl plugin has it: kubectl runs {@code kubectl-<name>} from there as
   * {@code kubectl <name>}. The plugin reads this control plane from {@code KUBECONFIG}.
   */
  public CommandResult kubectlWithPlugins(Path pluginDir, String... args) {
    List<String> command = new ArrayList<>();
    command.add(binaries.kubectl().toString());
    command.addAll(List.of(args));
    return Commands.run(
        command,
        Map.of(
            "KUBECONFIG",
            kubeconfig.toString(),
            "PATH",
            pluginDir + File.pathSeparator + System.getenv("PATH")),
        Duration.ofSeconds(60),
        dir);
  }

  /**
   * Runs the pinned helm against this control plane, with its cache, configuration and data in this
   * control plane's directory (never the user's).
   */
  public CommandResult helm(String... args) {
    Path home = dir.resolve("helm");
    return run(
        binaries.helm(),
        List.of(args),
        Map.of(
            "HELM_CACHE_HOME", home.resolve("cache").toString(),
            "HELM_CONFIG_HOME", home.resolve("config").toString(),
            "HELM_DATA_HOME", home.resolve("data").toString()),
        Duration.ofMinutes(3));
  }

  private CommandResult run(
      Path binary, List<String> args, Map<String, String> env, Duration timeout) {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.add("--kubeconfig=" + kubeconfig);
    command.addAll(args);
    Map<String, String> environment = new HashMap<>(env);
    environment.put("KUBECONFIG", kubeconfig.toString());
    return Commands.run(command, environment, timeout, dir);
  }

  private ManagedProcess launch(String name, List<String> command, Path logs) throws IOException {
    ManagedProcess process = ManagedProcess.start(name, command, logs);
    processes.add(process);
    return process;
  }

  private void awaitHttpOk(ManagedProcess process, URI uri) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    await(
        process.name() + " " + uri,
        process,
        () -> {
          try {
            HttpRequest request =
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
          } catch (IOException e) {
            return false;
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
          }
        });
  }

  private void awaitFile(ManagedProcess process, Path file) {
    await(file.getFileName() + " written by " + process.name(), process, () -> Files.exists(file));
  }

  /**
   * Polls {@code condition} until it holds; fails early with the process's output if the process
   * dies, and after {@link #STARTUP} otherwise. Test-harness start-up only, never reconcile code.
   */
  private static void await(String what, ManagedProcess process, BooleanSupplier condition) {
    Instant deadline = Instant.now().plus(STARTUP);
    while (!condition.getAsBoolean()) {
      process.requireAlive();
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException(
            "timed out after "
                + STARTUP
                + " waiting for "
                + what
                + "; "
                + process.name()
                + " output:\n"
                + process.tail(30));
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for " + what, e);
      }
    }
  }

  private String describeProcesses() {
    StringBuilder out = new StringBuilder();
    for (ManagedProcess p : processes) {
      out.append("--- ")
          .append(p.name())
          .append(p.isAlive() ? " (running)" : " (exited)")
          .append(":\n")
          .append(p.tail(15))
          .append('\n');
    }
    return out.toString();
  }

  /** Stops every process in reverse start order and deletes the data directory. */
  @Override
  public void close() {
    if (client != null) {
      client.close();
    }
    for (int i = processes.size() - 1; i >= 0; i--) {
      processes.get(i).close();
    }
    processes.clear();
    deleteRecursively(dir);
  }

  private static void deleteRecursively(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // Leftovers in the temp directory are harmless; never mask a test result with this.
    }
  }
}
