package io.streamgauge.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The settings every app under test gets, whatever its runtime (docs/guides/runtimes.md, "Bring
 * your own runtime"), validated; {@link Parser} also validates and hands out the app's own settings
 * its {@link AppSettingsSchema} declares, reporting every problem at once.
 *
 * <table>
 *   <caption>The contract's settings</caption>
 *   <tr><th>key</th><th>meaning</th></tr>
 *   <tr><td>{@code scenario}</td><td>required: which topology runs</td></tr>
 *   <tr><td>{@code bootstrap.servers}</td><td>required</td></tr>
 *   <tr><td>{@code application.id}</td><td>consumer group and prefix of whatever the app names
 *       (transactional ids, internal topics); default {@code streamgauge-<scenario>}</td></tr>
 *   <tr><td>{@code processing.guarantee}</td><td>{@code exactly_once_v2} or {@code
 *       at_least_once} (the default)</td></tr>
 *   <tr><td>{@code commit.interval.ms}</td><td>how often the app commits: its transactions under
 *       exactly-once (so read_committed sees output only then), its input offsets otherwise;
 *       default the runtime's own</td></tr>
 *   <tr><td>{@code state.dir}</td><td>a directory the app may keep local state in (stores,
 *       checkpoints): the platform gives one that lives and dies with the run; an app without
 *       state ignores it</td></tr>
 *   <tr><td>{@code schema.registry.url}</td><td>the schema registry (Confluent's REST API) the
 *       scenario's Avro records are registered with: required by stateful-joins, the same key as
 *       Confluent's serde</td></tr>
 *   <tr><td>{@code topic.<role>}</td><td>the topic of a role of the scenario (default: the
 *       role)</td></tr>
 *   <tr><td>{@code metrics.port}</td><td>/metrics and /health; default 9404, 0 any, -1 off</td></tr>
 *   <tr><td>{@code shutdown.timeout.ms}</td><td>how long closing may take; default 30000</td></tr>
 *   <tr><td>{@code instance.count}</td><td>how many instances of the app run in the group
 *       ({@code spec.app.replicas}); default 1</td></tr>
 *   <tr><td>{@code instance.index}</td><td>this instance's place among them, 0 to count − 1, kept
 *       by its replacement when it is restarted (so an id made from it fences the one it
 *       replaces); default 0</td></tr>
 *   <tr><td>{@code security.*}, {@code sasl.*}, {@code ssl.*}, {@code client.dns.lookup}</td>
 *       <td>how a Kafka client reaches the cluster, for every client the app makes</td></tr>
 * </table>
 *
 * @param scenario the scenario
 * @param bootstrapServers the brokers
 * @param applicationId the consumer group, and the prefix of what the app names
 * @param exactlyOnce true under {@code exactly_once_v2}
 * @param commitIntervalMs the commit interval when set, else empty (the runtime's default)
 * @param stateDir where the app may keep local state, if given
 * @param schemaRegistryUrl the schema registry, if given
 * @param topics topic name by role, one for each role of the scenario
 * @param metricsPort port of /metrics and /health (0 any, -1 off)
 * @param shutdownTimeout how long closing may take
 * @param connection the client settings that reach the cluster (security, SASL, TLS, DNS)
 * @param instanceIndex this instance's place among the app's instances, from 0
 * @param instanceCount how many instances of the app run
 */
public record ContractSettings(
    String scenario,
    String bootstrapServers,
    String applicationId,
    boolean exactlyOnce,
    Optional<Long> commitIntervalMs,
    Optional<String> stateDir,
    Optional<String> schemaRegistryUrl,
    Map<String, String> topics,
    int metricsPort,
    Duration shutdownTimeout,
    Map<String, String> connection,
    int instanceIndex,
    int instanceCount) {

  /** Default port of /metrics and /health. */
  public static final int DEFAULT_METRICS_PORT = 9404;

  /** {@code processing.guarantee} of exactly-once. */
  public static final String EXACTLY_ONCE = "exactly_once_v2";

  /** {@code processing.guarantee} of at-least-once, the default. */
  public static final String AT_LEAST_ONCE = "at_least_once";

  /** The schema registry's key, Confluent's serde's too. */
  public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";

  /** How many instances of the app run in its group. */
  public static final String INSTANCE_COUNT = "instance.count";

  /** This instance's place among them, from 0; a replacement keeps its predecessor's. */
  public static final String INSTANCE_INDEX = "instance.index";

  /** The most instances an app may run as: {@code spec.app.replicas}' bound. */
  public static final int MAX_INSTANCES = 16;

  /** The contract's own keys, in the order the docs give them. */
  public static final List<String> KEYS =
      List.of(
          "scenario",
          "bootstrap.servers",
          "application.id",
          "processing.guarantee",
          "commit.interval.ms",
          "state.dir",
          SCHEMA_REGISTRY_URL,
          "metrics.port",
          "shutdown.timeout.ms",
          INSTANCE_COUNT,
          INSTANCE_INDEX);

  /** Prefix of topic settings. */
  public static final String TOPIC_PREFIX = "topic.";

  /**
   * Prefixes of the Kafka client settings a shared cluster's connection needs (security, SASL, TLS,
   * DNS), which the run gives every client under their own names.
   */
  public static final List<String> CONNECTION_PREFIXES =
      List.of("security.", "sasl.", "ssl.", "client.dns.");

  /**
   * The Kafka client properties an app sets from the contract's settings (servers, group, the
   * transactional id, its own serdes and commits), which a pass-through of client properties may
   * not change.
   */
  public static final Set<String> CLIENT_PROPERTIES_SET_BY_THE_APP =
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
  public ContractSettings {
    topics = Collections.unmodifiableMap(new LinkedHashMap<>(topics));
    connection = Map.copyOf(connection);
  }

  /** {@code processing.guarantee} as given or defaulted. */
  public String processingGuarantee() {
    return exactlyOnce ? EXACTLY_ONCE : AT_LEAST_ONCE;
  }

  /** Thrown with every problem found in an app's settings. */
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

  /**
   * Every problem of the settings the variables {@code env} ({@code STREAMGAUGE_APP_*}, others
   * ignored) give an app of {@code schema}; empty when it would start with them. For launchers that
   * check an app's settings before starting it.
   */
  public static List<String> problems(Map<String, String> env, AppSettingsSchema schema) {
    try {
      Parser parser = new Parser(RawAppSettings.read(null, env), schema);
      parser.contract();
      return parser.problems();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * One pass over an app's raw settings: the contract's, then the app's own as its schema declares
   * them, every problem collected; {@link #check} throws them all.
   */
  public static final class Parser {
    private final RawAppSettings raw;
    private final AppSettingsSchema schema;
    private final Map<String, String> values;
    private final List<String> problems = new ArrayList<>();
    private ContractSettings contract;

    /** A parser of {@code raw} for an app of {@code schema}. */
    public Parser(RawAppSettings raw, AppSettingsSchema schema) {
      this.raw = raw;
      this.schema = schema;
      this.values = raw.values();
    }

    /**
     * The contract's settings (parsed once); also checks that every key given is the contract's or
     * the app's own, and that the app's own whole numbers are in range.
     */
    public ContractSettings contract() {
      if (contract == null) {
        contract = parse();
      }
      return contract;
    }

    private ContractSettings parse() {
      String scenario = scenario();
      String bootstrap = require("bootstrap.servers");
      String applicationId =
          values.getOrDefault("application.id", scenario == null ? "" : "streamgauge-" + scenario);
      String guarantee = values.getOrDefault("processing.guarantee", AT_LEAST_ONCE);
      if (!guarantee.equals(EXACTLY_ONCE) && !guarantee.equals(AT_LEAST_ONCE)) {
        problem(
            "processing.guarantee",
            "must be " + EXACTLY_ONCE + " or " + AT_LEAST_ONCE + ", got \"" + guarantee + "\"");
      }
      Optional<Long> commit =
          values.containsKey("commit.interval.ms")
              ? Optional.of(wholeNumber("commit.interval.ms", 0, Long.MAX_VALUE, 0))
              : Optional.empty();
      int metricsPort = (int) wholeNumber("metrics.port", -1, 65_535, DEFAULT_METRICS_PORT);
      long shutdownMs = wholeNumber("shutdown.timeout.ms", 0, Long.MAX_VALUE, 30_000);
      int instanceCount = (int) wholeNumber(INSTANCE_COUNT, 1, MAX_INSTANCES, 1);
      int instanceIndex = (int) wholeNumber(INSTANCE_INDEX, 0, MAX_INSTANCES - 1, 0);
      if (instanceIndex >= instanceCount) {
        problem(
            INSTANCE_INDEX,
            "must be below " + INSTANCE_COUNT + " (" + instanceCount + "), got " + instanceIndex);
      }
      Map<String, String> topics = topics(scenario);
      Map<String, String> connection = new TreeMap<>();
      for (Map.Entry<String, String> e : values.entrySet()) {
        String key = e.getKey();
        if (isConnectionSetting(key)) {
          connection.put(key, e.getValue());
        } else if (!KEYS.contains(key) && !key.startsWith(TOPIC_PREFIX) && !schema.declares(key)) {
          problem(key, "unknown setting (known: " + known() + ")");
        }
      }
      schema
          .wholeNumbers()
          .forEach((key, range) -> wholeNumber(key, range.min(), range.max(), range.min()));
      return new ContractSettings(
          scenario,
          bootstrap,
          applicationId,
          guarantee.equals(EXACTLY_ONCE),
          commit,
          Optional.ofNullable(values.get("state.dir")),
          Optional.ofNullable(values.get(SCHEMA_REGISTRY_URL)),
          topics,
          metricsPort,
          Duration.ofMillis(shutdownMs),
          connection,
          Math.min(instanceIndex, instanceCount - 1),
          instanceCount);
    }

    /** The value of one of the app's own settings, if given. */
    public Optional<String> value(String key) {
      return Optional.ofNullable(values.get(key));
    }

    /**
     * One of the app's own whole-number settings (range-checked by {@link #contract}), or {@code
     * fallback} when not given or out of range.
     */
    public long wholeNumber(String key, long fallback) {
      AppSettingsSchema.Range range = schema.wholeNumbers().get(key);
      if (range == null) {
        throw new IllegalArgumentException(key + " is not a whole-number setting of " + schema);
      }
      String value = values.get(key);
      if (value == null) {
        return fallback;
      }
      try {
        long n = Long.parseLong(value);
        return n >= range.min() && n <= range.max() ? n : fallback;
      } catch (NumberFormatException e) {
        return fallback;
      }
    }

    /**
     * The settings given under {@code prefix} (one of the schema's pass-through prefixes), the
     * prefix removed, in key order.
     */
    public Map<String, String> passThrough(String prefix) {
      if (!schema.passThroughPrefixes().contains(prefix)) {
        throw new IllegalArgumentException(prefix + " is not a pass-through prefix of " + schema);
      }
      Map<String, String> properties = new TreeMap<>();
      values.forEach(
          (key, value) -> {
            if (key.startsWith(prefix) && key.length() > prefix.length()) {
              properties.put(key.substring(prefix.length()), value);
            } else if (key.equals(prefix)) {
              problem(key, "names no property");
            }
          });
      return properties;
    }

    /**
     * {@link #passThrough(String)}, with a problem for each property of {@code setByTheApp} given
     * there: the app sets those from the contract's settings.
     */
    public Map<String, String> passThrough(String prefix, Set<String> setByTheApp) {
      Map<String, String> properties = passThrough(prefix);
      for (String key : setByTheApp) {
        if (properties.containsKey(key)) {
          problem(prefix + key, "is set by the app from the contract's settings");
        }
      }
      return properties;
    }

    /** Adds a problem with {@code key}, naming where its value came from. */
    public void problem(String key, String message) {
      String line = key + ": " + message + " (from " + raw.origin(key) + ")";
      if (!problems.contains(line)) {
        problems.add(line);
      }
    }

    /** Every problem found so far. */
    public List<String> problems() {
      return List.copyOf(problems);
    }

    /**
     * Throws every problem found, if any.
     *
     * @throws InvalidSettingsException with them
     */
    public void check() throws InvalidSettingsException {
      contract();
      if (!problems.isEmpty()) {
        throw new InvalidSettingsException(problems);
      }
    }

    private String known() {
      String own = schema.describeOwn();
      return String.join(", ", KEYS)
          + ", topic.<role>"
          + (own.isEmpty() ? "" : ", " + own)
          + ", the connection settings security.*, sasl.*, ssl.*, client.dns.lookup";
    }

    private String scenario() {
      String name = require("scenario");
      if (name != null && !schema.scenarios().containsKey(name)) {
        problem(
            "scenario",
            schema.app()
                + " implements "
                + String.join(", ", schema.scenarioNames())
                + ", not \""
                + name
                + "\"");
        return null;
      }
      return name;
    }

    private Map<String, String> topics(String scenario) {
      Map<String, String> topics = new LinkedHashMap<>();
      if (scenario == null) {
        return topics;
      }
      List<String> roles = schema.scenarios().get(scenario);
      for (String role : roles) {
        String name = values.getOrDefault(TOPIC_PREFIX + role, role);
        if (name.isEmpty()) {
          problem(TOPIC_PREFIX + role, "must not be empty");
        }
        topics.put(role, name);
      }
      for (String key : values.keySet()) {
        if (key.startsWith(TOPIC_PREFIX) && !roles.contains(key.substring(TOPIC_PREFIX.length()))) {
          problem(
              key,
              "scenario "
                  + scenario
                  + " has no topic role \""
                  + key.substring(TOPIC_PREFIX.length())
                  + "\" (roles: "
                  + String.join(", ", roles)
                  + ")");
        }
      }
      return topics;
    }

    private static boolean isConnectionSetting(String key) {
      return CONNECTION_PREFIXES.stream().anyMatch(key::startsWith);
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
  }
}
