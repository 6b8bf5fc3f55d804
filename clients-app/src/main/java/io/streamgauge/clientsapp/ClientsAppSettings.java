package io.streamgauge.clientsapp;

import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.common.ReferenceAppSchemas;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The plain-clients app's validated settings: the contract's ({@link ContractSettings}) and its own
 * ({@link ReferenceAppSchemas#CLIENTS_APP}): {@code consumer.<property>} and {@code
 * producer.<property>}, Kafka client properties passed through unchanged. The commit interval
 * defaults to Kafka Streams' (100 ms under exactly-once, 30 s otherwise), so the baseline commits
 * as often as the framework it is compared with.
 *
 * @param contract the contract's settings
 * @param commitInterval how often input offsets (and, under exactly-once, the transaction) commit
 * @param consumer the consumer's own properties ({@code consumer.*}, the prefix removed)
 * @param producer the producer's own properties ({@code producer.*}, the prefix removed)
 */
public record ClientsAppSettings(
    ContractSettings contract,
    Duration commitInterval,
    Map<String, String> consumer,
    Map<String, String> producer) {

  /** Kafka Streams' default commit interval under exactly-once. */
  static final Duration EXACTLY_ONCE_COMMIT = Duration.ofMillis(100);

  /** Kafka Streams' default commit interval under at-least-once. */
  static final Duration AT_LEAST_ONCE_COMMIT = Duration.ofSeconds(30);

  /** Client properties the app sets from the contract, which a pass-through may not change. */
  private static final Set<String> SET_BY_THE_APP =
      Set.of(
          "bootstrap.servers",
          "group.id",
          "transactional.id",
          "enable.auto.commit",
          "key.deserializer",
          "value.deserializer",
          "key.serializer",
          "value.serializer");

  /** Copies. */
  public ClientsAppSettings {
    consumer = Map.copyOf(consumer);
    producer = Map.copyOf(producer);
  }

  /**
   * Validates {@code raw}; lists every problem at once.
   *
   * @throws ContractSettings.InvalidSettingsException with every problem
   */
  static ClientsAppSettings from(RawAppSettings raw)
      throws ContractSettings.InvalidSettingsException {
    ContractSettings.Parser parser =
        new ContractSettings.Parser(raw, ReferenceAppSchemas.CLIENTS_APP);
    ContractSettings contract = parser.contract();
    Map<String, String> consumer = ownProperties(parser, "consumer.");
    Map<String, String> producer = ownProperties(parser, "producer.");
    parser.check();
    Duration commit =
        contract
            .commitIntervalMs()
            .map(Duration::ofMillis)
            .orElse(contract.exactlyOnce() ? EXACTLY_ONCE_COMMIT : AT_LEAST_ONCE_COMMIT);
    return new ClientsAppSettings(contract, commit, consumer, producer);
  }

  private static Map<String, String> ownProperties(ContractSettings.Parser parser, String prefix) {
    Map<String, String> properties = new TreeMap<>(parser.passThrough(prefix));
    for (String key : SET_BY_THE_APP) {
      if (properties.containsKey(key)) {
        parser.problem(prefix + key, "is set by the app from the contract's settings");
      }
    }
    return properties;
  }
}
