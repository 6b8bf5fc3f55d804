package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/**
 * An existing Kafka cluster the run uses as is, with the TLS and authentication its clients need.
 */
@ValidationRule(
    value = "!has(self.authentication) || self.authentication.type != 'tls' || has(self.tls)",
    message = "authentication.type tls needs tls (the certificates to trust)")
@Getter
@Setter
public class ExternalKafkaSpec {

  @Required
  @Pattern("^[^,\\s]+:[0-9]+(,[^,\\s]+:[0-9]+)*$")
  @JsonPropertyDescription(
      "Comma-separated host:port list the app, load generator and latency consumer connect to.")
  @Size(max = SpecBounds.URL)
  private String bootstrapServers;

  @JsonPropertyDescription(
      "Client properties every client of the run gets (the operator's topic creation, the app,"
          + " the load generators, the latency consumer), e.g. client.dns.lookup. Only connection"
          + " settings are accepted (security.protocol, sasl.mechanism, ssl.* protocol and"
          + " algorithm settings, client.dns.lookup, timeouts): no class names, file paths or"
          + " secrets, which would load code or expose credentials; checked at Pending. With tls or"
          + " authentication set, security.protocol and sasl.mechanism follow from them and may"
          + " not be given here.")
  @Size(max = SpecBounds.CONFIG_ENTRIES)
  @ValidationRule(value = SpecBounds.CONFIG_RULE, message = SpecBounds.CONFIG_MESSAGE)
  private Map<String, String> clientConfig;

  @JsonPropertyDescription(
      "Connect with TLS, trusting the certificates of these Secrets (security.protocol SSL, or"
          + " SASL_SSL with SASL authentication).")
  private ExternalKafkaTlsSpec tls;

  @JsonPropertyDescription(
      "Authenticate every client of the run: SASL (plain, scram-sha-256, scram-sha-512) with a"
          + " password from a Secret, or mutual TLS with a certificate and key from a Secret.")
  private KafkaAuthenticationSpec authentication;

  @JsonPropertyDescription(
      "PerRun (default): every topic of the run and its app's application.id end in the run's"
          + " suffix (status.topicSuffix: input → input-3f2a9c1b), so runs sharing the cluster"
          + " never read each other's records, every run starts on fresh topics, and a deleted run"
          + " deletes them and its app's consumer group; an app reads its names from"
          + " STREAMGAUGE_APP_TOPIC_<NAME> (the name as written: ORDERS for orders; a custom app"
          + " also INPUT and OUTPUT for its first ones) and STREAMGAUGE_APP_APPLICATION_ID."
          + " AsWritten: the names as the spec writes them, for an app that cannot be told its"
          + " topics; existing topics are used as they are, two such runs at once read each"
          + " other's records, and nothing is deleted with the run.")
  private TopicNaming topicNames;
}
