package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;

/**
 * The security settings of the pods a run creates, so they pass the {@code restricted} Pod Security
 * Standard: non-root, no privilege escalation, no capabilities, the runtime's default seccomp
 * profile. The clients' images (built by this project) also get a read-only root filesystem with a
 * writable {@code /tmp} (the JVM and Kafka's compression libraries write there); the app's image is
 * the user's, so its root filesystem stays as the image expects.
 */
final class PodSecurity {

  /** The writable scratch volume of a read-only container. */
  static final String TMP_VOLUME = "tmp";

  private PodSecurity() {}

  /** Pod level: non-root, RuntimeDefault seccomp. */
  static PodSecurityContext pod() {
    return new PodSecurityContextBuilder()
        .withRunAsNonRoot(true)
        .withNewSeccompProfile()
        .withType("RuntimeDefault")
        .endSeccompProfile()
        .build();
  }

  /** Container level: no escalation, every capability dropped, optionally a read-only root. */
  static SecurityContext container(boolean readOnlyRoot) {
    return new SecurityContextBuilder()
        .withAllowPrivilegeEscalation(false)
        .withReadOnlyRootFilesystem(readOnlyRoot)
        .withNewCapabilities()
        .withDrop("ALL")
        .endCapabilities()
        .build();
  }

  /** An emptyDir for {@code /tmp}. */
  static Volume tmpVolume() {
    return new VolumeBuilder().withName(TMP_VOLUME).withNewEmptyDir().endEmptyDir().build();
  }

  /** {@code /tmp} on {@link #tmpVolume}. */
  static VolumeMount tmpMount() {
    return new VolumeMountBuilder().withName(TMP_VOLUME).withMountPath("/tmp").build();
  }
}
