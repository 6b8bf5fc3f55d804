package io.streamgauge.testing.controlplane;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the control-plane executables are. The Kubernetes binaries, kwok and helm come from {@code
 * make tools} (into {@code bin/}, overridable with {@code STREAMGAUGE_BIN_DIR}); etcd comes from
 * Debian's {@code etcd-server} package (overridable with {@code ETCD_BIN}). {@code
 * kwok-pod-stages.yaml} is kwok's own pod stages without {@code pod-complete}, so Job pods keep
 * running as a load generator's do.
 */
record ControlPlaneBinaries(
    Path etcd,
    Path apiServer,
    Path controllerManager,
    Path scheduler,
    Path kwok,
    Path kwokPodStages,
    Path kubectl,
    Path helm) {

  /** Finds every binary, or fails with one message listing what is missing and how to get it. */
  static ControlPlaneBinaries locate() {
    Path binDir = TestPaths.binDir();
    Path etcd = Path.of(envOr("ETCD_BIN", "/usr/bin/etcd"));
    ControlPlaneBinaries binaries =
        new ControlPlaneBinaries(
            etcd,
            binDir.resolve("kube-apiserver"),
            binDir.resolve("kube-controller-manager"),
            binDir.resolve("kube-scheduler"),
            binDir.resolve("kwok"),
            binDir.resolve("kwok-pod-stages.yaml"),
            binDir.resolve("kubectl"),
            binDir.resolve("helm"));
    List<String> missing = new ArrayList<>();
    if (!Files.isExecutable(etcd)) {
      missing.add(etcd + " (install Debian's etcd-server: apt-get install etcd-server)");
    }
    for (Path p :
        List.of(
            binaries.apiServer,
            binaries.controllerManager,
            binaries.scheduler,
            binaries.kwok,
            binaries.kubectl,
            binaries.helm)) {
      if (!Files.isExecutable(p)) {
        missing.add(p + " (run `make tools`)");
      }
    }
    if (!Files.isRegularFile(binaries.kwokPodStages)) {
      missing.add(binaries.kwokPodStages + " (run `make tools`)");
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException(
          "The test control plane needs binaries that are missing: " + String.join(", ", missing));
    }
    return binaries;
  }

  private static String envOr(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
