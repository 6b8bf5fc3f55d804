package io.streamgauge.apps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The app's validated settings. Built by {@link #from}, which reports every problem at once.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>meaning</th></tr>
 *   <tr><td>{@code scenario}</td><td>required: which topology runs</td></tr>
 *   <tr><td>{@code bootstrap.servers}</td><td>required</td></tr>
 *   <tr><td>{@code application.id}</td><td>default {@code streamgauge-<scenario>}</td></tr>
 *   <tr><td>{@code processing.guarantee}</td><td>{@code exactly_once_v2} or {@code
 *       at_least_once} (Kafka Streams' default)</td></tr>
 *   <tr><td>{@code commit.interval.ms}</td><td>default Kafka Streams': 100 under exactly-once,
 *       30000 otherwise</td></tr>
 *   <tr><td>{@code num.stream.threads}</td><td>default 1</td></tr>
 *   <tr><td>{@code state.dir}</td><td>default Kafka Streams' ({@code <tmp>/kafka-streams})</td></tr>
 *   <tr><td>{@code topic.<role>}</td><td>the topic of a role of the topology (default: the role)</td></tr>
 *   <tr><td>{@code metrics.port}</td><td>/metrics and /health; default 9404, 0 any, -1 off</td></tr>
 *   <tr><td>{@code shutdown.timeout.ms}</td><td>how long closing may take; default 30000</td></tr>
 *   <tr><td>{@code streams.<property>}</td><td>any Kafka Streams or client property, passed
 *       through unchanged</td></tr>
 * </table>
 *
 * @param topology the scenario's topology
 * @param topics topic name by role
 * @param metricsPort port of /metrics and /health (0 any, -1 off)
 * @param shutdownTimeout how long closing the streams may take
 * @param streamsProperties everything Kafka Streams is configured with
 */
public record AppSettings(
    ScenarioTopology topology,
    Map<String, String> topics,
    int metricsPort,
    Duration shutdownTimeout,
    Properties streamsProperties) {

  /** Default port of /metrics and /health. */
  public static final int DEFAULT_METRICS_PORT = 9404;

  /** The two processing guarantees the scenarios are measured with. */
  public static final Set<String> GUARANTEES =
      Set.of(StreamsConfig.EXACTLY_ONCE_V2, StreamsConfig.AT_LEAST_ONCE);

  /** Prefix of properties passed to Kafka Streams unchanged. */
  static final String STREAMS_PREFIX = "streams.";

  /** Prefix of topic settings. */
  static final String TOPIC_PREFIX = "topic.";

  /** Settings passed to Kafka Streams under their own name. */
  /**
   * Prefixes of the Kafka client settings a shared cluster's connection needs (security, SASL, TLS,
   * DNS), which the run gives every client under their own names.
   */
  static final List<String> CONNECTION_PREFIXES =
      List.of("security.", "sasl.", "ssl.", "client.dns.");

  private static final List<String> STREAMS_KEYS =
      List.of(
          StreamsConfig.BOOTSTRAP_SERVERS_CONFIG,
          StreamsConfig.APPLICATION_ID_CONFIG,
          StreamsConfig.PROCESSING_GUARANTEE_CONFIG,
          StreamsConfig.COMMIT_INTERVAL_MS_CONFIG,
          StreamsConfig.NUM_STREAM_THREADS_CONFIG,
          StreamsConfig.STATE_DIR_CONFIG);

  /** Thrown with every problem found in the settings. */
  public static final class InvalidSettingsException extends Exception {
    private final List<String> problems;

    InvalidSettingsException(List<String> problems) {
      super(String.join("; ", problems));
      this.problems = List.copyOf(problems);
    }

    /** One line per problem, each naming the setting and where it came from. */
    public List<String> problems() {
      return problems;
    }
  }

  /** The bootstrap servers. */
  public String bootstrapServers() {
    return streamsProperties.getProperty(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG);
  }

  /** The application id (consumer group and prefix of internal topics). */
  public String applicationId() {
    return streamsProperties.getProperty(StreamsConfig.APPLICATION_ID_CONFIG);
  }

  /** The processing guarantee. */
  public String processingGuarantee() {
    return streamsProperties.getProperty(
        StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
  }

  /**
   * Every problem of the settings that the environment variables {@code env} ({@code
   * STREAMGAUGE_APP_*}, other variables ignored) describe; empty when the app would start with
   * them. For launchers that check the app's settings before starting it.
   */
  public static List<String> problems(Map<String, String> env) {
    try {
      from(RawSettings.read(null, env));
      return List.of();
    } catch (InvalidSettingsException e) {
      return e.problems();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Validates {@code raw}; lists every problem at once. */
  static AppSettings from(RawSettings raw) throws InvalidSettingsException {
    Parser parser = new Parser(raw);
    AppSettings settings = parser.parse();
    if (!parser.problems.isEmpty()) {
      throw new InvalidSettingsException(parser.problems);
    }
    return settings;
  }

  /** One pass over the raw settings, collecting problems. */
  private static final class Parser {
    private final RawSettings raw;
    private final Map<String, String> values;
    private final List<String> problems = new ArrayList<>();

    Parser(RawSettings raw) {
      this.raw = raw;
      this.values = raw.values();
    }

    AppSettings parse() {
      ScenarioTopology topology = topology();
      Properties streams = new Properties();
      for (String key : STREAMS_KEYS) {
        if (values.containsKey(key)) {
          streams.setProperty(key, values.get(key));
        }
      }
      require(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG);
      if (topology != null && !values.containsKey(StreamsConfig.APPLICATION_ID_CONFIG)) {
        streams.setProperty(
            StreamsConfig.APPLICATION_ID_CONFIG, "streamgauge-" + topology.scenario());
      }
      String guarantee = values.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG);
      if (guarantee != null && !GUARANTEES.contains(guarantee)) {
        problem(
            StreamsConfig.PROCESSING_GUARANTEE_CONFIG,
            "must be exactly_once_v2 or at_least_once, got \"" + guarantee + "\"");
      }
      wholeNumber(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 0, Long.MAX_VALUE, 0);
      wholeNumber(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1, 1024, 1);
      int metricsPort = (int) wholeNumber("metrics.port", -1, 65_535, DEFAULT_METRICS_PORT);
      long shutdownMs = wholeNumber("shutdown.timeout.ms", 0, Long.MAX_VALUE, 30_000);
      Map<String, String> topics = topics(topology);
      for (Map.Entry<String, String> e : values.entrySet()) {
        String key = e.getKey();
        if (key.startsWith(STREAMS_PREFIX)) {
          passThrough(streams, key, e.getValue());
        } else if (isConnectionSetting(key)) {
          streams.setProperty(key, e.getValue());
        } else if (!isKnown(key)) {
          problem(
              key,
              "unknown setting (known: scenario, "
                  + String.join(", ", STREAMS_KEYS)
                  + ", topic.<role>, metrics.port, shutdown.timeout.ms, streams.<property>, the"
                  + " connection settings security.*, sasl.*, ssl.*, client.dns.lookup)");
        }
      }
      return new AppSettings(topology, topics, metricsPort, Duration.ofMillis(shutdownMs), streams);
    }

    private ScenarioTopology topology() {
      String name = require("scenario");
      if (name == null) {
        return null;
      }
      ScenarioTopology topology = Scenarios.find(name).orElse(null);
      if (topology == null) {
        problem(
            "scenario",
            "this app implements "
                + String.join(", ", Scenarios.names())
                + ", not \""
                + name
                + "\"");
      }
      return topology;
    }

    private Map<String, String> topics(ScenarioTopology topology) {
      Map<String, String> topics = new LinkedHashMap<>();
      if (topology == null) {
        return topics;
      }
      for (String role : topology.topicRoles()) {
        String name = values.getOrDefault(TOPIC_PREFIX + role, role);
        if (name.isEmpty()) {
          problem(TOPIC_PREFIX + role, "must not be empty");
        }
        topics.put(role, name);
      }
      for (String key : values.keySet()) {
        if (key.startsWith(TOPIC_PREFIX)
            && !topology.topicRoles().contains(key.substring(TOPIC_PREFIX.length()))) {
          problem(
              key,
              "scenario "
                  + topology.scenario()
                  + " has no topic role \""
                  + key.substring(TOPIC_PREFIX.length())
                  + "\" (roles: "
                  + String.join(", ", topology.topicRoles())
                  + ")");
        }
      }
      return topics;
    }

    private void passThrough(Properties streams, String key, String value) {
      String property = key.substring(STREAMS_PREFIX.length());
      if (property.isEmpty()) {
        problem(key, "names no property");
      } else if (STREAMS_KEYS.contains(property)) {
        problem(key, "set " + property + " directly instead");
      } else {
        streams.setProperty(property, value);
      }
    }

    private static boolean isConnectionSetting(String key) {
      return CONNECTION_PREFIXES.stream().anyMatch(key::startsWith);
    }

    private static boolean isKnown(String key) {
      return key.equals("scenario")
          || key.equals("metrics.port")
          || key.equals("shutdown.timeout.ms")
          || key.startsWith(TOPIC_PREFIX)
          || STREAMS_KEYS.contains(key);
    }

    private String require(String key) {
      String value = values.get(key);
      if (value == null || value.isEmpty()) {
        problem(key, "required");
        return null;
      }
      return value;
    }

    private long wholeNumber(String key, long min, long max, long fallback) {
      String value = values.get(key);
      if (value == null) {
        return fallback;
      }
      try {
        long n = Long.parseLong(value);
        if (n >= min && n <= max) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      problem(
          key,
          "must be a whole number "
              + (max == Long.MAX_VALUE ? ">= " + min : "from " + min + " to " + max)
              + ", got \""
              + value
              + "\"");
      return fallback;
    }

    private void problem(String key, String message) {
      problems.add(key + ": " + message + " (from " + raw.origin(key) + ")");
    }
  }
}
