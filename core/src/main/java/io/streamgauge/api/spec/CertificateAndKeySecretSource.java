package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/** A client certificate and its unencrypted PEM private key in a Secret of the run's namespace. */
@Getter
@Setter
public class CertificateAndKeySecretSource {

  @Required
  @Pattern(SecretReference.NAME)
  @JsonPropertyDescription("Name of the Secret, in the run's namespace.")
  @Size(max = SpecBounds.NAME)
  private String secretName;

  @Required
  @Pattern(SecretReference.KEY)
  @JsonPropertyDescription("Key of the PEM certificate (chain) in the Secret, e.g. user.crt.")
  @Size(max = SpecBounds.NAME)
  private String certificate;

  @Required
  @Pattern(SecretReference.KEY)
  @JsonPropertyDescription("Key of the unencrypted PEM (PKCS#8) private key, e.g. user.key.")
  @Size(max = SpecBounds.NAME)
  private String key;
}
