package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.util.Map;

/** An existing Kafka cluster the run uses as is. */
public class ExternalKafkaSpec {

  @Required
  @Pattern("^[^,\\s]+:[0-9]+(,[^,\\s]+:[0-9]+)*$")
  @JsonPropertyDescription(
      "Comma-separated host:port list the app, load generator and latency consumer connect to.")
  private String bootstrapServers;

  @JsonPropertyDescription(
      "Client properties every client of the run gets (the operator's topic creation, the app,"
          + " the load generators, the latency consumer), e.g. security.protocol: SSL. Only"
          + " connection settings are accepted (security.protocol, sasl.mechanism, ssl.* protocol"
          + " and algorithm settings, client.dns.lookup, timeouts): no class names, file paths or"
          + " secrets, which would load code or expose credentials; checked at Pending.")
  private Map<String, String> clientConfig;

  public String getBootstrapServers() {
    return bootstrapServers;
  }

  public void setBootstrapServers(String bootstrapServers) {
    this.bootstrapServers = bootstrapServers;
  }

  public Map<String, String> getClientConfig() {
    return clientConfig;
  }

  public void setClientConfig(Map<String, String> clientConfig) {
    this.clientConfig = clientConfig;
  }
}
