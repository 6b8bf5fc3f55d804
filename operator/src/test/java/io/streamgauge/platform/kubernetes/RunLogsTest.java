package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.streamgauge.platform.kubernetes.RunLogs.ContainerLog;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunLogsTest {

  private static final RunOwner OWNER = new RunOwner("bench", "wc", "0d9c1e2f-aaaa-bbbb");

  @Test
  void eachContainerLogHasItsKeyAndThePreviousInstanceItsOwn() {
    ConfigMap logs =
        RunLogs.build(
            OWNER,
            List.of(
                ContainerLog.read("wc-app-7f9c-x2", "app", false, "started\n"),
                ContainerLog.read("wc-app-7f9c-x2", "app", true, "OutOfMemoryError\n"),
                ContainerLog.read("wc-load-0-abc", "load-generator", false, "")));

    assertThat(logs.getMetadata().getName()).isEqualTo("wc-logs");
    assertThat(logs.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(r -> assertThat(r.getName()).isEqualTo("wc"));
    assertThat(logs.getMetadata().getLabels()).containsEntry(Labels.RUN, "wc");
    assertThat(logs.getData())
        .containsEntry("wc-app-7f9c-x2.app.log", "started\n")
        .containsEntry("wc-app-7f9c-x2.app.previous.log", "OutOfMemoryError\n")
        .containsEntry("wc-load-0-abc.load-generator.log", "(the container wrote nothing)\n");
  }

  @Test
  void aLogThatCannotBeReadSaysWhy() {
    ConfigMap logs =
        RunLogs.build(
            OWNER,
            List.of(
                ContainerLog.unavailable(
                    "wc-app-1",
                    "app",
                    false,
                    "container \"app\" in pod \"wc-app-1\" is waiting to start: ImagePullBackOff")));

    assertThat(logs.getData().get("wc-app-1.app.log"))
        .isEqualTo(
            "(not kept: container \"app\" in pod \"wc-app-1\" is waiting to start:"
                + " ImagePullBackOff)\n");
  }

  @Test
  void manyLongLogsKeepTheirEndsAndStayInsideTheBudgetAConfigMapHolds() {
    List<ContainerLog> many = new ArrayList<>();
    String line = "é".repeat(50) + " the end of a long line\n";
    for (int pod = 0; pod < 40; pod++) {
      String text = "first line\n" + line.repeat(2000) + "last line of pod " + pod + "\n";
      many.add(ContainerLog.read("wc-kafka-broker-" + pod, "kafka", false, text));
    }

    ConfigMap logs = RunLogs.build(OWNER, many);

    int total =
        logs.getData().entrySet().stream()
            .mapToInt(
                e -> e.getKey().length() + e.getValue().getBytes(StandardCharsets.UTF_8).length)
            .sum();
    assertThat(total).isLessThanOrEqualTo(RunLogs.BUDGET_BYTES + 40 * 64);
    assertThat(RunLogs.BUDGET_BYTES + 40 * 64).isLessThan(1024 * 1024 - 64 * 1024);
    String first = logs.getData().get("wc-kafka-broker-0.kafka.log");
    assertThat(first)
        .startsWith("[... earlier lines not kept ...]\n")
        .endsWith("last line of pod 0\n")
        .doesNotContain("first line")
        .doesNotContain("\uFFFD");
    assertThat(first.getBytes(StandardCharsets.UTF_8).length)
        .isLessThanOrEqualTo(RunLogs.bytesPerLog(40));
  }

  @Test
  void aFewLogsKeepAtMost64KiBEach() {
    assertThat(RunLogs.bytesPerLog(1)).isEqualTo(64 * 1024);
    assertThat(RunLogs.bytesPerLog(12)).isEqualTo(64 * 1024);
    assertThat(RunLogs.bytesPerLog(24)).isEqualTo(32 * 1024);
  }

  @Test
  void theReaderKeepsTheLastBytesOfAnAnswerOfAnyLength() throws Exception {
    byte[] answer = new byte[100_000];
    for (int i = 0; i < answer.length; i++) {
      answer[i] = (byte) ('a' + i % 26);
    }

    byte[] kept = RunLogReader.lastBytes(new ByteArrayInputStream(answer), 30_000);

    assertThat(kept).hasSize(30_000);
    assertThat(kept[0]).isEqualTo(answer[70_000]);
    assertThat(kept[29_999]).isEqualTo(answer[99_999]);
    assertThat(RunLogReader.lastBytes(new ByteArrayInputStream("short".getBytes()), 30_000))
        .isEqualTo("short".getBytes());
  }
}
