package io.streamgauge.flinkapp;

import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.common.ReferenceAppSchemas;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Flink app's validated settings: the contract's ({@link ContractSettings}) and its own ({@link
 * ReferenceAppSchemas#FLINK_APP}): {@code parallelism} (default 1, as Kafka Streams' one stream
 * thread), {@code flink.<option>} (any Flink configuration option, e.g. {@code
 * flink.state.backend.type=hashmap}) and {@code consumer.<property>} / {@code producer.<property>}
 * for the Kafka source's and sink's clients.
 *
 * <p>The contract's {@code state.dir} is RocksDB's local directory. The commit interval is the
 * checkpoint interval: the Kafka sink commits its transaction, and the source its offsets, when a
 * checkpoint completes. It defaults to Kafka Streams' (100 ms under exactly-once, 30 s otherwise),
 * so the two runtimes commit as often by default.
 *
 * @param contract the contract's settings
 * @param commitInterval the checkpoint interval
 * @param parallelism every operator's parallelism (and the task slots)
 * @param stateDir RocksDB's local directory, if given
 * @param flink Flink configuration options ({@code flink.*}, the prefix removed)
 * @param consumer the source's consumer properties ({@code consumer.*}, the prefix removed)
 * @param producer the sink's producer properties ({@code producer.*}, the prefix removed)
 */
public record FlinkAppSettings(
    ContractSettings contract,
    Duration commitInterval,
    int parallelism,
    Optional<String> stateDir,
    Map<String, String> flink,
    Map<String, String> consumer,
    Map<String, String> producer) {

  static final Duration EXACTLY_ONCE_COMMIT = Duration.ofMillis(100);
  static final Duration AT_LEAST_ONCE_COMMIT = Duration.ofSeconds(30);

  /** Flink options the app sets from the contract, which {@code flink.*} may not change. */
  private static final Set<String> FLINK_SET_BY_THE_APP =
      Set.of(
          "execution.checkpointing.interval",
          "execution.checkpointing.mode",
          "parallelism.default",
          "taskmanager.numberOfTaskSlots");

  /** Copies. */
  public FlinkAppSettings {
    flink = Map.copyOf(flink);
    consumer = Map.copyOf(consumer);
    producer = Map.copyOf(producer);
  }

  /**
   * Validates {@code raw}; lists every problem at once.
   *
   * @throws ContractSettings.InvalidSettingsException with every problem
   */
  static FlinkAppSettings from(RawAppSettings raw)
      throws ContractSettings.InvalidSettingsException {
    ContractSettings.Parser parser =
        new ContractSettings.Parser(raw, ReferenceAppSchemas.FLINK_APP);
    ContractSettings contract = parser.contract();
    Map<String, String> flink = parser.passThrough("flink.", FLINK_SET_BY_THE_APP);
    Map<String, String> consumer =
        parser.passThrough("consumer.", ContractSettings.CLIENT_PROPERTIES_SET_BY_THE_APP);
    Map<String, String> producer =
        parser.passThrough("producer.", ContractSettings.CLIENT_PROPERTIES_SET_BY_THE_APP);
    if (contract.instanceCount() > 1) {
      parser.problem(
          ContractSettings.INSTANCE_COUNT,
          "the Flink app runs its own embedded cluster in one process, which does not share a"
              + " job with other instances; scale it with parallelism instead");
    }
    parser.check();
    Duration commit =
        contract
            .commitIntervalMs()
            .map(Duration::ofMillis)
            .orElse(contract.exactlyOnce() ? EXACTLY_ONCE_COMMIT : AT_LEAST_ONCE_COMMIT);
    if (commit.isZero()) {
      // A checkpoint interval must be positive; 0 asks for a commit as often as possible.
      commit = Duration.ofMillis(1);
    }
    return new FlinkAppSettings(
        contract,
        commit,
        (int) parser.wholeNumber("parallelism", 1),
        contract.stateDir(),
        flink,
        consumer,
        producer);
  }
}
