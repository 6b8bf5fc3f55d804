package io.streamgauge.testing.controlplane;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the control plane's own kubeconfig: one cluster, one bearer-token admin user. */
final class Kubeconfig {

  private Kubeconfig() {}

  static Path write(Path file, String server, Path caFile, String token) throws IOException {
    String yaml =
        """
        apiVersion: v1
        kind: Config
        clusters:
        - name: streamgauge-test
          cluster:
            server: %s
            certificate-authority: %s
        users:
        - name: admin
          user:
            token: %s
        contexts:
        - name: streamgauge-test
          context:
            cluster: streamgauge-test
            user: admin
            namespace: default
        current-context: streamgauge-test
        """
            .formatted(server, caFile.toAbsolutePath(), token);
    Files.writeString(file, yaml);
    return file;
  }
}
