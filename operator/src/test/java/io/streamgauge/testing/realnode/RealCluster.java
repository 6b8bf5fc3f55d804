package io.streamgauge.testing.realnode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.metrics.PrometheusClient;
import io.streamgauge.metrics.Retry;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.Commands;
import io.streamgauge.testing.controlplane.TestPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;

/**
 * The single-node Kubernetes that {@code make cluster-up} runs on this machine (cluster/up.sh): a
 * real kubelet on containerd and runc, with Streamgauge's images imported. Found through {@code
 * STREAMGAUGE_CLUSTER_DIR} (default {@value #DEFAULT_DIR}) like the scripts find it.
 */
public final class RealCluster {

  /** Where cluster/up.sh keeps the cluster's files unless told otherwise. */
  public static final String DEFAULT_DIR = "/var/tmp/streamgauge-cluster";

  /**
   * The pod of the cluster's Prometheus (prometheus-operator's StatefulSet of resource cluster).
   */
  private static final String PROMETHEUS_POD = "prometheus-cluster-0";

  /** The iptables chain cluster/up.sh drops pod traffic to anywhere outside the pods with. */
  private static final String GUARD = "STREAMGAUGE-GUARD";

  /**
   * The xt_recent list the guard records the addresses it dropped packets to (or from) in; those in
   * the service range no Service has go to this name with {@code -services} appended.
   */
  public static final String GUARD_LOG = "streamgauge-guard";

  /** The comment on the guard's rule dropping packets to service addresses no Service has. */
  private static final String GUARD_NO_SERVICE = "no-service-at-this-address";

  private static final Pattern DROP_RULE = Pattern.compile("^\\s*(\\d+)\\s+\\d+\\s+DROP\\b");

  private final Path dir;
  private final Path kubeconfig;
  private final KubernetesClient client;

  private RealCluster(Path dir, Path kubeconfig, KubernetesClient client) {
    this.dir = dir;
    this.kubeconfig = kubeconfig;
    this.client = client;
  }

  /**
   * Connects to the running cluster.
   *
   * @throws IllegalStateException saying how to start it when it is not up
   */
  public static RealCluster connect() {
    String fromEnv = System.getenv("STREAMGAUGE_CLUSTER_DIR");
    Path dir = Path.of(fromEnv == null || fromEnv.isBlank() ? DEFAULT_DIR : fromEnv);
    Path kubeconfig = dir.resolve("kubeconfig");
    String howTo =
        "the real-node tests need the cluster of `make cluster-up` (as root; `make test-cluster`"
            + " starts it, runs them and stops it)";
    if (!Files.isReadable(kubeconfig)) {
      throw new IllegalStateException(howTo + ": no " + kubeconfig);
    }
    try {
      Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
      config.setRequestTimeout(30_000);
      KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
      client.raw("/readyz");
      return new RealCluster(dir, kubeconfig, client);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (KubernetesClientException e) {
      throw new IllegalStateException(howTo + ": its API server does not answer", e);
    }
  }

  /**
   * cAdvisor's per-container housekeeping interval in this node's kubelet, as its command line sets
   * it ({@code --housekeeping-interval}, cluster/env.sh); the kubelet's default, 10 s, when unset.
   *
   * @throws IllegalStateException when no kubelet runs on this machine
   */
  public Duration cadvisorHousekeepingInterval() {
    try (var processes = Files.list(Path.of("/proc"))) {
      List<String> kubelet =
          processes
              .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
              .map(RealCluster::commandLine)
              .filter(args -> !args.isEmpty() && args.get(0).endsWith("/kubelet"))
              .findFirst()
              .orElseThrow(() -> new IllegalStateException("no kubelet runs on this machine"));
      int flag = kubelet.indexOf("--housekeeping-interval");
      return flag < 0 ? Duration.ofSeconds(10) : goDuration(kubelet.get(flag + 1));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Stops this node's kube-apiserver (SIGKILL: its clients' connections are reset and refused, as
   * when it crashed or its machine went), waits {@code outage}, then starts it again as
   * cluster/up.sh did (its command line, its log, its pid file, a session of its own) and waits
   * until it is ready.
   *
   * @throws IllegalStateException when none runs on this machine, or it does not come back
   */
  public void stopApiServerFor(Duration outage) throws Exception {
    ProcessHandle apiServer = apiServer();
    List<String> command = commandLine(Path.of("/proc", Long.toString(apiServer.pid())));
    // SIGKILL: at once, its connections reset (SIGTERM drains requests and watches for a minute)
    apiServer.destroyForcibly();
    apiServer.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
    Thread.sleep(outage.toMillis());
    List<String> again = new ArrayList<>(List.of("setsid"));
    again.addAll(command);
    Process started =
        new ProcessBuilder(again)
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(dir.resolve("logs/kube-apiserver.log").toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    Files.writeString(dir.resolve("run/kube-apiserver.pid"), started.pid() + "\n");
    Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
    while (true) {
      try {
        client.raw("/readyz");
        return;
      } catch (KubernetesClientException e) {
        if (Instant.now().isAfter(deadline) || !started.isAlive()) {
          throw new IllegalStateException(
              "kube-apiserver did not come back (see " + dir.resolve("logs") + ")", e);
        }
        Thread.sleep(1000);
      }
    }
  }

  private static ProcessHandle apiServer() {
    return ProcessHandle.allProcesses()
        .filter(
            p -> {
              List<String> args = commandLine(Path.of("/proc", Long.toString(p.pid())));
              return !args.isEmpty() && args.get(0).endsWith("/kube-apiserver");
            })
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no kube-apiserver runs on this machine"));
  }

  private static List<String> commandLine(Path process) {
    try {
      String line = Files.readString(process.resolve("cmdline"));
      return line.isEmpty() ? List.of() : List.of(line.split("\u0000"));
    } catch (IOException e) {
      return List.of(); // a process that ended meanwhile
    }
  }

  /** A Go duration of seconds or milliseconds ({@code 2s}, {@code 500ms}). */
  private static Duration goDuration(String value) {
    Matcher m = Pattern.compile("(\\d+)(ms|s)").matcher(value);
    if (!m.matches()) {
      throw new IllegalStateException("not a duration of s or ms: " + value);
    }
    long amount = Long.parseLong(m.group(1));
    return m.group(2).equals("s") ? Duration.ofSeconds(amount) : Duration.ofMillis(amount);
  }

  /** An admin client. */
  public KubernetesClient client() {
    return client;
  }

  /** Creates namespace {@code name} (or leaves it as it is). */
  public void createNamespace(String name) {
    createNamespace(name, Map.of());
  }

  /** Creates namespace {@code name} with {@code labels} (or applies them to it). */
  public void createNamespace(String name, Map<String, String> labels) {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .build())
        .serverSideApply();
  }

  /** The status of run {@code namespace/name}; empty while it has none. */
  public BenchmarkRunStatus runStatus(String namespace, String name) {
    BenchmarkRun run =
        client.resources(BenchmarkRun.class).inNamespace(namespace).withName(name).get();
    return run == null || run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
  }

  /**
   * The result document of ended run {@code namespace/name}, from the ConfigMap its status names.
   */
  public JsonNode resultDocument(String namespace, String name) throws IOException {
    String configMap = runStatus(namespace, name).getResultRef().getConfigMap();
    return new ObjectMapper()
        .readTree(
            client
                .configMaps()
                .inNamespace(namespace)
                .withName(configMap)
                .get()
                .getData()
                .get("result.json"));
  }

  /** Waits up to {@code limit} for run {@code namespace/name} to succeed or fail; its status. */
  public BenchmarkRunStatus awaitFinished(String namespace, String name, Duration limit) {
    Awaitility.await("run " + namespace + "/" + name + " finished")
        .atMost(limit)
        .pollInterval(Duration.ofSeconds(2))
        .until(
            () -> {
              Phase phase = runStatus(namespace, name).getPhase();
              return phase == Phase.Succeeded || phase == Phase.Failed;
            });
    return runStatus(namespace, name);
  }

  /**
   * Ends a test class: deletes its namespace, then checks the guard dropped nothing.
   *
   * @throws AssertionError when a pod sent packets towards anywhere off this machine
   */
  public void finish(String namespace) {
    client.namespaces().withName(namespace).delete();
    long noService = guardNoServicePackets();
    if (noService != 0) {
      System.err.println(
          noService
              + " packet(s) from pods to service addresses no Service has (deleted ones, not off"
              + " this machine) were dropped: "
              + guardAddresses(GUARD_LOG + "-services"));
    }
    long dropped = guardDroppedPackets();
    if (dropped != 0) {
      throw new AssertionError(
          dropped
              + " packet(s) from pods towards anywhere off this machine were dropped; the"
              + " addresses they went to (or came from): "
              + guardAddresses(GUARD_LOG));
    }
  }

  /**
   * Writes {@code yaml} to {@code file} and applies it in {@code namespace} with kubectl.
   *
   * @throws AssertionError with kubectl's error when the cluster refused it
   */
  public void apply(String namespace, Path file, String yaml) throws IOException {
    Files.writeString(file, yaml);
    CommandResult apply = kubectl("apply", "-n", namespace, "-f", file.toString());
    if (!apply.succeeded()) {
      throw new AssertionError("kubectl apply -f " + file + " failed: " + apply.stderr());
    }
  }

  /** Runs the pinned kubectl against the cluster. */
  public CommandResult kubectl(String... args) {
    return tool("kubectl", List.of(args), Duration.ofMinutes(5));
  }

  /**
   * Starts the {@code streamgauge} command of the distribution ({@code make cli}:
   * cli/target/streamgauge) with {@code args} against this cluster, as a user with its kubeconfig
   * runs it; its output goes to files in {@code dir}.
   *
   * @throws IllegalStateException saying how to build it when the distribution is missing
   */
  public Streamgauge streamgauge(Path dir, String... args) throws IOException {
    Path command = TestPaths.streamgaugeDistribution().resolve("bin/streamgauge");
    List<String> line = new ArrayList<>(List.of(command.toString()));
    line.addAll(List.of(args));
    Path out = dir.resolve("streamgauge.stdout");
    Path err = dir.resolve("streamgauge.stderr");
    ProcessBuilder builder =
        new ProcessBuilder(line)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    builder.environment().put("KUBECONFIG", kubeconfig.toString());
    return new Streamgauge(builder.start(), out, err);
  }

  /** A {@code streamgauge} process started by {@link #streamgauge}, its output in files. */
  public record Streamgauge(Process process, Path stdoutFile, Path stderrFile) {

    /**
     * Waits for it to exit.
     *
     * @return its exit code
     * @throws AssertionError, with what it said, when it has not exited within {@code limit}
     */
    public int awaitExit(Duration limit) throws IOException, InterruptedException {
      if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(
            "streamgauge has not exited after " + limit + ": " + stdout() + stderr());
      }
      return process.exitValue();
    }

    /** What it printed on stdout so far. */
    public String stdout() throws IOException {
      return Files.readString(stdoutFile);
    }

    /** What it printed on stderr so far. */
    public String stderr() throws IOException {
      return Files.readString(stderrFile);
    }
  }

  /** Runs the pinned helm against the cluster, its cache and configuration in the cluster's dir. */
  public CommandResult helm(String... args) {
    return tool("helm", List.of(args), Duration.ofMinutes(5));
  }

  private CommandResult tool(String name, List<String> args, Duration timeout) {
    List<String> command = new ArrayList<>();
    command.add(TestPaths.binDir().resolve(name).toString());
    command.add("--kubeconfig=" + kubeconfig);
    command.addAll(args);
    Path home = dir.resolve("helm");
    try {
      return Commands.run(
          command,
          Map.of(
              "KUBECONFIG", kubeconfig.toString(),
              "HELM_CACHE_HOME", home.resolve("cache").toString(),
              "HELM_CONFIG_HOME", home.resolve("config").toString(),
              "HELM_DATA_HOME", home.resolve("data").toString()),
          timeout,
          Files.createDirectories(dir.resolve("test-output")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The cluster's Prometheus (run by prometheus-operator: cluster/manifests/prometheus.yaml),
   * through its pod's IP: the operator's Service {@code prometheus-operated} is headless.
   */
  public PrometheusClient prometheus() {
    Pod pod = client.pods().inNamespace("monitoring").withName(PROMETHEUS_POD).get();
    if (pod == null || pod.getStatus().getPodIP() == null) {
      throw new IllegalStateException(
          "no monitoring/"
              + PROMETHEUS_POD
              + " with an IP: is the cluster's Prometheus installed"
              + " (cluster/prometheus-operator/install.sh)?");
    }
    return new PrometheusClient(
        URI.create("http://" + pod.getStatus().getPodIP() + ":9090"),
        Duration.ofSeconds(10),
        Retry.ONCE);
  }

  /**
   * Packets the guard dropped because a pod sent them to somewhere outside the pods, services and
   * this node: 0 means nothing a pod did tried to leave the machine.
   *
   * @throws IllegalStateException when the guard is not in place
   */
  public long guardDroppedPackets() {
    return guardDrops(false);
  }

  /**
   * Packets the guard dropped on their way from a pod to a service-range address no Service has (a
   * deleted Service's, still used by a client): not towards off this machine, so not counted by
   * {@link #guardDroppedPackets()}.
   */
  public long guardNoServicePackets() {
    return guardDrops(true);
  }

  /** The addresses the guard recorded in xt_recent list {@code list}, oldest first. */
  public List<String> guardAddresses(String list) {
    Path file = Path.of("/proc/net/xt_recent", list);
    try {
      return Files.readAllLines(file).stream()
          .map(line -> line.replaceFirst("^src=(\\S+).*", "$1"))
          .toList();
    } catch (IOException e) {
      return List.of("unknown: " + file + " is unreadable (" + e.getMessage() + ")");
    }
  }

  private long guardDrops(boolean toNoService) {
    CommandResult forward = run("iptables", "-S", "FORWARD");
    if (!forward.stdout().contains("-j " + GUARD)) {
      throw new IllegalStateException("the guard chain " + GUARD + " is not hooked into FORWARD");
    }
    long dropped = 0;
    for (String line : run("iptables", "-nvxL", GUARD).stdout().split("\n")) {
      Matcher m = DROP_RULE.matcher(line);
      if (m.find() && line.contains("/* " + GUARD_NO_SERVICE + " */") == toNoService) {
        dropped += Long.parseLong(m.group(1));
      }
    }
    return dropped;
  }

  private CommandResult run(String... command) {
    try {
      return Commands.run(
          List.of(command),
          Map.of(),
          Duration.ofSeconds(30),
          Files.createDirectories(dir.resolve("test-output")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
