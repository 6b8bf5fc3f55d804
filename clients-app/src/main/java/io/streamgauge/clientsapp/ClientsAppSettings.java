package io.streamgauge.clientsapp;

import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.common.ReferenceAppSchemas;
import java.time.Duration;
import java.util.Map;

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
    Map<String, String> consumer =
        parser.passThrough("consumer.", ContractSettings.CLIENT_PROPERTIES_SET_BY_THE_APP);
    Map<String, String> producer =
        parser.passThrough("producer.", ContractSettings.CLIENT_PROPERTIES_SET_BY_THE_APP);
    parser.check();
    Duration commit =
        contract
            .commitIntervalMs()
            .map(Duration::ofMillis)
            .orElse(contract.exactlyOnce() ? EXACTLY_ONCE_COMMIT : AT_LEAST_ONCE_COMMIT);
    return new ClientsAppSettings(contract, commit, consumer, producer);
  }
}
