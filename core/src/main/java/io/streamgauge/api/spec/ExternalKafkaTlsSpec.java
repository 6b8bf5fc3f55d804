package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** TLS to a shared Kafka cluster: the certificates its clients trust. */
@Getter
@Setter
public class ExternalKafkaTlsSpec {

  @Required
  @Size(min = 1, max = 8)
  @JsonPropertyDescription(
      "PEM certificates the clients trust for the brokers (Strimzi: <cluster>-cluster-ca-cert,"
          + " key ca.crt). At most 8. The brokers' certificates must name the bootstrap hosts:"
          + " hostname verification stays on unless clientConfig sets"
          + " ssl.endpoint.identification.algorithm to \"\".")
  private List<CertificateSecretSource> trustedCertificates;
}
