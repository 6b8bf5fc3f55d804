package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/** A PEM certificate (or several, concatenated) in a Secret of the run's namespace. */
@Getter
@Setter
public class CertificateSecretSource {

  @Required
  @Pattern(SecretReference.NAME)
  @JsonPropertyDescription("Name of the Secret, in the run's namespace.")
  @Size(max = SpecBounds.NAME)
  private String secretName;

  @Required
  @Pattern(SecretReference.KEY)
  @JsonPropertyDescription("Key of the PEM certificate in the Secret, e.g. ca.crt.")
  @Size(max = SpecBounds.NAME)
  private String certificate;
}
