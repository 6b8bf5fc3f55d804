package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.platform.PlatformException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Refusals that stay fail the run; outages, conflicts and throttling are retried. */
class KubernetesErrorsTest {

  @ParameterizedTest(name = "{0} permanent={1}")
  @CsvSource({
    "400, true",
    "403, true",
    "404, true",
    "422, true",
    "409, false",
    "429, false",
    "500, false",
    "503, false",
    "0, false"
  })
  void aRefusalThatStaysIsPermanent(int code, boolean permanent) {
    KubernetesClientException e =
        new KubernetesClientException(
            new StatusBuilder().withCode(code).withMessage("the server says no").build());

    PlatformException error = KubernetesErrors.of(e, "the app");

    assertThat(error.permanent()).isEqualTo(permanent);
    assertThat(error.getMessage()).startsWith("the app: the server says no");
  }
}
