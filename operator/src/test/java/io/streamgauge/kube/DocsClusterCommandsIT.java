package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.testing.DocsCodeBlocks;
import io.streamgauge.testing.DocsCodeBlocks.Command;
import io.streamgauge.testing.FinishedRuns;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@code kubectl} and {@code helm} command in the code blocks of the README, the docs and the
 * chart's README, run on a real API server in the order a reader meets them, as a user copying them
 * would: a renamed resource, a flag kubectl or helm does not know, a JSONPath that does not parse,
 * a value the chart's schema refuses or an example the CRD refuses fails here, naming the page and
 * line.
 *
 * <p>What a command changes on the cluster runs as written where later commands of its page read
 * it: {@code kubectl create namespace} and {@code kubectl apply} of {@code examples/}. Every run
 * such an apply creates is then ended as the operator ends a valid run ({@link FinishedRuns}),
 * since no operator runs here: so {@code kubectl wait --for=condition=Ended} returns and {@code
 * kubectl get} reads a status and a results ConfigMap as the docs say they will. Everything else
 * that changes the cluster runs as a server-side dry run ({@code --dry-run=server}): the operator's
 * own manifests, and {@code helm install}, whose dry run still renders the chart with its values
 * checked by its schema and maps every object on the API server. A watch ({@code -w}) runs as a
 * plain {@code get}. What the commands made is deleted at the end.
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DocsClusterCommandsIT {

  /**
   * Strimzi's chart, which users install from its registry; its commands are not run, but must pin
   * the Strimzi version whose API ({@code io.strimzi:api}) the operator writes.
   */
  private static final String STRIMZI_CHART = "oci://quay.io/strimzi-helm/strimzi-kafka-operator";

  /**
   * Charts no registry reachable here serves (and nothing here builds): their commands are the only
   * ones not run. Listed by name, so that a new one fails the test until it is run or listed.
   */
  private static final Set<String> UNREACHABLE_CHARTS =
      Set.of("prometheus-community/kube-prometheus-stack", STRIMZI_CHART);

  /**
   * The namespace kube-prometheus-stack is installed into in the docs: its objects (Grafana's
   * Service and Secret) exist only where that chart runs, so commands reading them are not run.
   */
  private static final String STACK_NAMESPACE = "-n monitoring ";

  /** The Helm repositories the docs add (not reachable here), each with its one true address. */
  private static final Set<String> UNREACHABLE_REPOS =
      Set.of("repo add prometheus-community https://prometheus-community.github.io/helm-charts");

  private static final Set<String> READS = Set.of("get", "wait", "describe", "explain", "logs");

  private TestControlPlane plane;
  private KubernetesClient client;

  @BeforeAll
  void setUp(TestControlPlane plane) {
    this.plane = plane;
    this.client = plane.client();
  }

  @Test
  void everyKubectlAndHelmCommandInTheDocsRunsOnARealApiServer() throws IOException {
    List<String> problems = new ArrayList<>();
    List<String> notRun = new ArrayList<>();
    List<String> strimziVersions = new ArrayList<>();
    int run = 0;
    Session session = new Session();
    try {
      for (Path page : DocsCodeBlocks.pages()) {
        for (Command command : DocsCodeBlocks.commands(page)) {
          String program = command.program();
          if (!program.equals("kubectl") && !program.equals("helm")) {
            continue;
          }
          List<String> args = command.arguments();
          if (program.equals("kubectl") && command.text().contains(STACK_NAMESPACE)) {
            notRun.add(command.where() + ": " + command.text());
            continue;
          }
          if (program.equals("helm") && !args.isEmpty() && args.get(0).equals("repo")) {
            notRun.add(command.where() + ": " + command.text());
            continue;
          }
          if (program.equals("helm") && unreachableChart(args)) {
            notRun.add(command.where() + ": " + command.text());
            if (args.get(2).equals(STRIMZI_CHART)) {
              strimziVersions.add(command.where() + " pins " + versionOf(args));
            }
            continue;
          }
          run++;
          CommandResult result =
              program.equals("kubectl") ? kubectl(args, session) : helmInstall(args, session);
          if (!result.succeeded()) {
            problems.add(
                command.where()
                    + ": "
                    + command.text()
                    + "\n    "
                    + (result.stderr() + result.stdout()).strip().replace("\n", "\n    "));
          }
        }
      }
    } finally {
      session.undo();
    }
    assertThat(run).as("kubectl and helm commands run from the docs").isGreaterThan(20);
    assertThat(problems).as("commands the docs give that fail on a real API server").isEmpty();
    assertThat(notRun)
        .as("only the commands of charts nothing here serves are not run")
        .isNotEmpty()
        .allSatisfy(
            line ->
                assertThat(
                        Stream.of(
                                UNREACHABLE_CHARTS.stream(),
                                UNREACHABLE_REPOS.stream(),
                                Stream.of(STACK_NAMESPACE))
                            .flatMap(s -> s))
                    .anyMatch(line::contains));
    String api = strimziApiMinor();
    assertThat(strimziVersions)
        .as("each Strimzi install the docs give pins the minor version of io.strimzi:api, " + api)
        .isNotEmpty()
        .allSatisfy(
            line -> assertThat(line).containsPattern(" pins " + Pattern.quote(api) + "\\.\\d+$"));
  }

  /** The Strimzi minor version ({@code 0.50}) of the io.strimzi:api the pom pins. */
  private static String strimziApiMinor() throws IOException {
    Matcher version =
        Pattern.compile("<strimzi-api.version>(\\d+\\.\\d+)\\.\\d+</strimzi-api.version>")
            .matcher(Files.readString(RepoFiles.repoDir().resolve("pom.xml")));
    assertThat(version.find()).as("pom.xml pins strimzi-api.version").isTrue();
    return version.group(1);
  }

  /** A kubectl command of the docs, run for real or as a server-side dry run (see the class). */
  private CommandResult kubectl(List<String> args, Session session) throws IOException {
    String verb = args.isEmpty() ? "" : args.get(0);
    List<String> command = new ArrayList<>(withRepoPaths(args));
    command.removeIf(a -> a.equals("-w") || a.equals("--watch"));
    if (READS.contains(verb)) {
      return plane.kubectl(command.toArray(String[]::new));
    }
    if (verb.equals("create") && args.size() > 2 && args.get(1).equals("namespace")) {
      return session.createNamespace(args.get(2));
    }
    List<Path> files = files(args);
    if (verb.equals("apply")
        && !files.isEmpty()
        && files.stream().allMatch(f -> f.startsWith(RepoFiles.examplesDir()))) {
      CommandResult applied = plane.kubectl(command.toArray(String[]::new));
      if (applied.succeeded()) {
        session.applied(namespaceOf(args), files);
      }
      return applied;
    }
    command.add("--dry-run=server");
    return plane.kubectl(command.toArray(String[]::new));
  }

  /**
   * {@code helm install NAME CHART …} as a server-side dry run, its namespace made first when the
   * command asks helm to create it.
   */
  private CommandResult helmInstall(List<String> args, Session session) {
    assertThat(args).as("the docs' helm commands are installs").startsWith("install");
    List<String> command = new ArrayList<>(withRepoPaths(args));
    if (args.contains("--create-namespace")) {
      session.ensureNamespace(namespaceOf(args));
    }
    command.add("--dry-run=server");
    return plane.helm(command.toArray(String[]::new));
  }

  private static boolean unreachableChart(List<String> args) {
    return args.size() > 2 && UNREACHABLE_CHARTS.contains(args.get(2));
  }

  private static String versionOf(List<String> args) {
    int version = args.indexOf("--version");
    assertThat(version).as("the docs pin Strimzi's chart version: " + args).isPositive();
    return args.get(version + 1);
  }

  /** The {@code -n}/{@code --namespace} of a command, else the kubeconfig's ({@code default}). */
  private static String namespaceOf(List<String> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).equals("-n") || args.get(i).equals("--namespace")) {
        return args.get(i + 1);
      }
    }
    return "default";
  }

  /** The files a command names with {@code -f}, as paths in the repository. */
  private static List<Path> files(List<String> args) {
    List<Path> files = new ArrayList<>();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).equals("-f")) {
        files.add(RepoFiles.repoDir().resolve(args.get(i + 1)).normalize());
      }
    }
    return files;
  }

  /**
   * The arguments with every path of the repository the docs name relative to its root made
   * absolute: the docs' commands run from the root, kubectl here from the module.
   */
  private static List<String> withRepoPaths(List<String> args) {
    return args.stream()
        .map(
            a ->
                !a.startsWith("-")
                        && a.contains("/")
                        && Files.exists(RepoFiles.repoDir().resolve(a))
                    ? RepoFiles.repoDir().resolve(a).toString()
                    : a)
        .toList();
  }

  /**
   * What the docs' commands made on the cluster, deleted at the end. One session for all pages, in
   * the order a reader meets them: a page may read what an earlier one made (the chart's README
   * waits for the run the GitOps guide applied).
   */
  private final class Session {
    private final List<String> namespaces = new ArrayList<>();
    private final List<HasMetadata> created = new ArrayList<>();

    /**
     * {@code kubectl create namespace NAME}: run as written on a cluster without it; where an
     * earlier page or another test made it, what follows needs only that it exists.
     */
    CommandResult createNamespace(String name) {
      if (client.namespaces().withName(name).get() != null) {
        return plane.kubectl("get", "namespace", name);
      }
      CommandResult result = plane.kubectl("create", "namespace", name);
      if (result.succeeded()) {
        namespaces.add(name);
      }
      return result;
    }

    /** The namespace a helm install would create, made now since its dry run creates nothing. */
    void ensureNamespace(String name) {
      if (client.namespaces().withName(name).get() == null) {
        client
            .namespaces()
            .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
            .create();
        namespaces.add(name);
      }
    }

    /**
     * Remembers what applying {@code files} in {@code namespace} made, and ends each BenchmarkRun
     * of them that has not ended as the operator ends a valid run.
     */
    void applied(String namespace, List<Path> files) throws IOException {
      for (Path file : files) {
        try (InputStream in = Files.newInputStream(file)) {
          for (HasMetadata object : client.load(in).items()) {
            if (object.getMetadata().getNamespace() == null) {
              object.getMetadata().setNamespace(namespace);
            }
            created.add(object);
            if ("BenchmarkRun".equals(object.getKind())) {
              BenchmarkRun run =
                  client
                      .resources(BenchmarkRun.class)
                      .inNamespace(object.getMetadata().getNamespace())
                      .withName(object.getMetadata().getName())
                      .get();
              if (run.getStatus() == null) {
                FinishedRuns.succeed(client, run, 120.0, "");
              }
            }
          }
        }
      }
    }

    /**
     * Deletes what the commands made (the runs' results ConfigMaps go with them) and waits until
     * the namespaces are gone: the control plane is shared, and a later test may make one of them
     * again (the operator's tests use {@code streamgauge}).
     */
    void undo() {
      created.forEach(object -> client.resource(object).delete());
      namespaces.forEach(name -> client.namespaces().withName(name).delete());
      Awaitility.await("the namespaces the docs' commands made, deleted: " + namespaces)
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () ->
                  namespaces.stream().allMatch(n -> client.namespaces().withName(n).get() == null));
    }
  }
}
