package io.streamgauge.latency;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Checks {@link LatencySettings} and lists every problem with its field path. */
public final class SettingsValidator {

  private static final Set<String> ISOLATION = Set.of("read_committed", "read_uncommitted");
  private static final Set<String> START = Set.of("latest", "earliest");

  private SettingsValidator() {}

  public static List<String> problems(LatencySettings s) {
    List<String> out = new ArrayList<>();
    if (s.bootstrapServers() == null || s.bootstrapServers().isBlank()) {
      out.add("bootstrapServers: required");
    }
    if (s.topics() == null || s.topics().isEmpty()) {
      out.add("topics: at least one output topic is required");
    } else {
      for (int i = 0; i < s.topics().size(); i++) {
        if (s.topics().get(i) == null || s.topics().get(i).isBlank()) {
          out.add("topics[" + i + "]: empty topic name");
        }
      }
    }
    if (s.isolationLevel() != null && !ISOLATION.contains(s.isolationLevel())) {
      out.add(
          "isolationLevel: '" + s.isolationLevel() + "' is not read_committed or read_uncommitted");
    }
    if (s.startFrom() != null && !START.contains(s.startFrom())) {
      out.add("startFrom: '" + s.startFrom() + "' is not latest or earliest");
    }
    if (s.httpPort() != null && (s.httpPort() < -1 || s.httpPort() > 65535)) {
      out.add("httpPort: must be -1 (off), 0 (any) or a port, got " + s.httpPort());
    }
    if (s.integrityGraceMs() != null && s.integrityGraceMs() < 0) {
      out.add("integrityGraceMs: must not be negative");
    }
    if (s.producers() != null && s.producers() < 0) {
      out.add("producers: must not be negative, got " + s.producers());
    }
    boolean hasGroup = s.appGroup() != null && !s.appGroup().isBlank();
    boolean hasInputs = s.appInputTopics() != null && !s.appInputTopics().isEmpty();
    if (hasGroup != hasInputs) {
      out.add("appGroup and appInputTopics: set both (to sample the app's input lag) or neither");
    }
    if (s.appCommitIntervalMs() != null && s.appCommitIntervalMs() <= 0) {
      out.add("appCommitIntervalMs: must be positive, got " + s.appCommitIntervalMs());
    }
    if (s.windows() != null) {
      try {
        Windows.parse(s.windows());
      } catch (IllegalArgumentException e) {
        out.add("windows." + e.getMessage());
      }
    }
    return out;
  }
}
