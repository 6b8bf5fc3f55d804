package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ConfigMap {@code <run>-logs}: the end of each container log of the run's pods, read just
 * before cleanup deletes them, so a failed run gives back its CPUs and still says what its app,
 * clients and brokers wrote last. Owned by the run, so it goes with it. One key per container log,
 * {@code <pod>.<container>.log}, and {@code <pod>.<container>.previous.log} for the container's
 * previous instance when it restarted (a crash loop or an OOM kill says why there). All logs
 * together stay inside {@link #BUDGET_BYTES}: each keeps at most its share of it, its last bytes.
 */
final class RunLogs {

  /** What all the logs together may hold: a ConfigMap holds 1 MiB, keys and metadata included. */
  static final int BUDGET_BYTES = 768 * 1024;

  /** The most one container log keeps, however few there are. */
  static final int MOST_PER_LOG_BYTES = 64 * 1024;

  private static final String CUT_NOTE = "[... earlier lines not kept ...]\n";

  /**
   * One container log as read, or why it could not be read.
   *
   * @param previous true for the container's previous instance ({@code kubectl logs --previous})
   * @param text what the log ended with; null when it could not be read
   * @param unavailable why it could not be read (the API server's answer); null when read
   */
  record ContainerLog(
      String pod, String container, boolean previous, String text, String unavailable) {

    static ContainerLog read(String pod, String container, boolean previous, String text) {
      return new ContainerLog(pod, container, previous, text, null);
    }

    static ContainerLog unavailable(String pod, String container, boolean previous, String why) {
      return new ContainerLog(pod, container, previous, null, why);
    }

    String key() {
      return pod + "." + container + (previous ? ".previous" : "") + ".log";
    }
  }

  private RunLogs() {}

  /** The ConfigMap's name: {@code <run>-logs}. */
  static String name(RunOwner owner) {
    return owner.nameOf("logs");
  }

  /** The bytes each of {@code logs} container logs may keep: an equal share, at most 64 KiB. */
  static int bytesPerLog(int logs) {
    return logs == 0 ? MOST_PER_LOG_BYTES : Math.min(MOST_PER_LOG_BYTES, BUDGET_BYTES / logs);
  }

  /**
   * The ConfigMap holding {@code logs}, each cut to its last {@code bytesPerLog(logs.size())} bytes
   * (whole characters) with a note saying so; a log that could not be read says why.
   */
  static ConfigMap build(RunOwner owner, List<ContainerLog> logs) {
    int share = bytesPerLog(logs.size());
    Map<String, String> data = new TreeMap<>();
    for (ContainerLog log : logs) {
      String value =
          log.text() == null
              ? "(not kept: " + tail(log.unavailable(), 1024) + ")\n"
              : log.text().isEmpty() ? "(the container wrote nothing)\n" : tail(log.text(), share);
      data.put(log.key(), value);
    }
    return new ConfigMapBuilder()
        .withMetadata(owner.metadata(name(owner), Labels.forRun(owner.name())))
        .withData(data)
        .build();
  }

  /** The end of {@code text} in at most {@code maxBytes} UTF-8 bytes, a note first if cut. */
  static String tail(String text, int maxBytes) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= maxBytes) {
      return text;
    }
    int keep = Math.max(0, maxBytes - CUT_NOTE.length());
    int from = bytes.length - keep;
    while (from < bytes.length && (bytes[from] & 0xC0) == 0x80) {
      from++; // a UTF-8 continuation byte: start at the next whole character
    }
    return CUT_NOTE + new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
  }
}
