package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;

/** A password in a Secret of the run's namespace. */
public class PasswordSecretSource {

  @Required
  @Pattern(SecretReference.NAME)
  @JsonPropertyDescription("Name of the Secret, in the run's namespace.")
  private String secretName;

  @Required
  @Pattern(SecretReference.KEY)
  @JsonPropertyDescription("Key of the password in the Secret, e.g. password.")
  private String password;

  public String getSecretName() {
    return secretName;
  }

  public void setSecretName(String secretName) {
    this.secretName = secretName;
  }

  public String getPassword() {
    return password;
  }

  public void setPassword(String password) {
    this.password = password;
  }
}
