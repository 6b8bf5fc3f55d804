package io.streamgauge.flinkapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlinkAppSettingsTest {

  private static final Map<String, String> REQUIRED =
      Map.of(
          "STREAMGAUGE_APP_SCENARIO", "wordcount",
          "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "kafka:9092");

  @Test
  void theCommitIntervalIsTheCheckpointIntervalAndDefaultsToKafkaStreams() throws Exception {
    FlinkAppSettings atLeastOnce = parse(Map.of());
    FlinkAppSettings exactlyOnce =
        parse(Map.of("STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2"));

    assertThat(atLeastOnce.commitInterval()).isEqualTo(Duration.ofSeconds(30));
    assertThat(exactlyOnce.commitInterval()).isEqualTo(Duration.ofMillis(100));
    assertThat(FlinkJob.configuration(exactlyOnce).toMap())
        .containsEntry("execution.checkpointing.interval", "100 ms")
        .containsEntry("execution.checkpointing.mode", "EXACTLY_ONCE")
        .containsEntry("parallelism.default", "1")
        .containsEntry("state.backend.type", "rocksdb")
        .containsEntry("restart-strategy.type", "none");
    assertThat(FlinkJob.configuration(atLeastOnce).toMap())
        .containsEntry("execution.checkpointing.mode", "AT_LEAST_ONCE");
  }

  @Test
  void flinkOptionsOverrideTheAppsDefaultsButNotWhatTheContractSets() throws Exception {
    FlinkAppSettings settings =
        parse(
            Map.of(
                "STREAMGAUGE_APP_PARALLELISM", "4",
                "STREAMGAUGE_APP_STATE_DIR", "/var/state",
                "STREAMGAUGE_APP_FLINK_STATE_BACKEND_TYPE", "hashmap"));

    assertThat(FlinkJob.configuration(settings).toMap())
        .containsEntry("state.backend.type", "hashmap")
        .containsEntry("state.backend.rocksdb.localdir", "/var/state/rocksdb")
        .containsEntry("execution.checkpointing.dir", "file:///var/state/checkpoints")
        .containsEntry(
            "execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION")
        .containsEntry("parallelism.default", "4");
    assertThatThrownBy(
            () ->
                parse(
                    Map.of(
                        "STREAMGAUGE_APP_FLINK_EXECUTION_CHECKPOINTING_INTERVAL", "1 s",
                        "STREAMGAUGE_APP_PARALLELISM", "0")))
        .isInstanceOfSatisfying(
            ContractSettings.InvalidSettingsException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "flink.execution.checkpointing.interval: is set by the app from the"
                            + " contract's settings (from"
                            + " $STREAMGAUGE_APP_FLINK_EXECUTION_CHECKPOINTING_INTERVAL)",
                        "parallelism: must be a whole number from 1 to 1024, got \"0\" (from"
                            + " $STREAMGAUGE_APP_PARALLELISM)"));
  }

  @Test
  void theFlinkAppRefusesToRunAsSeveralInstances() {
    assertThatThrownBy(() -> parse(Map.of("STREAMGAUGE_APP_INSTANCE_COUNT", "2")))
        .isInstanceOfSatisfying(
            ContractSettings.InvalidSettingsException.class,
            e ->
                assertThat(e.problems())
                    .singleElement()
                    .asString()
                    .startsWith("instance.count: the Flink app runs its own embedded cluster"));
  }

  @Test
  void theTransactionTimeoutSpansThreeCheckpointsWithinWhatBrokersAllow() throws Exception {
    assertThat(
            FlinkJob.transactionTimeoutMs(
                parse(Map.of("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", "100"))))
        .isEqualTo(60_000);
    assertThat(
            FlinkJob.transactionTimeoutMs(
                parse(Map.of("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", "60000"))))
        .isEqualTo(180_000);
    assertThat(
            FlinkJob.transactionTimeoutMs(
                parse(Map.of("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", "600000"))))
        .isEqualTo(900_000);
  }

  @Test
  void theNewestCompletedCheckpointIsTheOneToResumeFrom(@TempDir Path dir) throws Exception {
    Path checkpoints = RetainedCheckpoints.directory(dir.toString());
    Files.createDirectories(checkpoints.resolve("job-a/chk-3"));
    Files.writeString(checkpoints.resolve("job-a/chk-3/_metadata"), "");
    Files.createDirectories(checkpoints.resolve("job-b/chk-1"));
    Files.writeString(checkpoints.resolve("job-b/chk-1/_metadata"), "");
    Files.setLastModifiedTime(
        checkpoints.resolve("job-a/chk-3/_metadata"), FileTime.fromMillis(1_000));
    Files.createDirectories(checkpoints.resolve("job-b/chk-2"));

    assertThat(RetainedCheckpoints.latest(checkpoints))
        .as("the newest with its _metadata; chk-2 never completed")
        .contains(checkpoints.resolve("job-b/chk-1"));
    assertThat(RetainedCheckpoints.latest(dir.resolve("none"))).isEmpty();
  }

  @Test
  void statelessSimpleKeepsOnlyLongValuesUpperCased() {
    KafkaRecord kept = StatelessSimpleJob.upperCased(new KafkaRecord(null, "abcdef".getBytes(), 1));
    KafkaRecord dropped =
        StatelessSimpleJob.upperCased(new KafkaRecord(null, "abcde".getBytes(), 1));

    assertThat(kept.value).isEqualTo("ABCDEF".getBytes());
    assertThat(dropped.value).isNull();
  }

  private static FlinkAppSettings parse(Map<String, String> extra) throws Exception {
    Map<String, String> env = new HashMap<>(REQUIRED);
    env.putAll(extra);
    return FlinkAppSettings.from(RawAppSettings.read(null, env));
  }
}
