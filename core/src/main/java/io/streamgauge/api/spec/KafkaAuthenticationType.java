package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How the run's clients authenticate to a shared Kafka cluster (Strimzi's names). */
public enum KafkaAuthenticationType {
  /** SASL PLAIN: a username and a password. */
  @JsonProperty("plain")
  PLAIN,
  /** SASL SCRAM-SHA-256: a username and a password. */
  @JsonProperty("scram-sha-256")
  SCRAM_SHA_256,
  /** SASL SCRAM-SHA-512: a username and a password. */
  @JsonProperty("scram-sha-512")
  SCRAM_SHA_512,
  /** Mutual TLS: a client certificate and its key. */
  @JsonProperty("tls")
  TLS
}
