package io.streamgauge.validation;

import io.fabric8.kubernetes.api.model.Quantity;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.FaultSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.common.LagTrendResolution;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.compare.GateRule;
import io.streamgauge.metrics.AppProfileResolver;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.scenario.AppCommitInterval;
import io.streamgauge.scenario.ReferenceApps;
import io.streamgauge.scenario.ReferenceRuntime;
import io.streamgauge.scenario.ScenarioCatalog;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What the CRD schema cannot check, on a defaulted spec: one message per problem, each starting
 * with the field path. An empty list means the run can start.
 */
public final class SpecValidator {

  /**
   * Records per second one load-generator pod sustains with room to spare: well under the ceiling
   * measured by {@code make bench-load-generator} (about 94,000 records/s of 200 B on 2 cores).
   */
  public static final double MAX_RATE_PER_PRODUCER = 50_000;

  private SpecValidator() {}

  /**
   * Every problem found; empty when the spec is runnable. A check that cannot complete on a value
   * nothing foresaw is a problem too, never an exception.
   */
  public static List<String> problems(BenchmarkRunSpec spec) {
    try {
      return found(spec);
    } catch (RuntimeException e) {
      return List.of(
          "spec: cannot be validated: " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private static List<String> found(BenchmarkRunSpec spec) {
    List<String> problems = new ArrayList<>();
    loadKind(spec, problems);
    JoinTablesCheck.problems(spec, problems);
    loadRate(spec, problems);
    LoadShapeCheck.problems(spec, problems);
    latencyTopics(spec, problems);
    measurementWindow(spec, problems);
    timeoutAfterCatchUp(spec, problems);
    catchUpHold(spec, problems);
    rampUp(spec, problems);
    faults(spec, problems);
    capacity(spec, problems);
    reservedAppSettings(spec, problems);
    appInstances(spec, problems);
    sharedClusterSettings(spec, problems);
    if (spec.getGate() != null) {
      problems.addAll(gateRuleProblems("spec.gate.rules", spec.getGate().getRules()));
    }
    try {
      AppProfileResolver.resolve(spec.getApp().getMetrics());
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
    return problems;
  }

  /**
   * Every problem a cluster finds in {@code spec} (defaults applied): {@link #problems}, and an app
   * without an image whose runtime has no reference app ({@link ReferenceApps#RUNTIMES}). A local
   * run needs no image: it starts the reference app, or the jar or command it is given.
   */
  public static List<String> clusterProblems(BenchmarkRunSpec spec) {
    List<String> problems = new ArrayList<>(problems(spec));
    if (problems.isEmpty()) {
      ReferenceApps.missingImage(spec, ReferenceApps.RUNTIMES).ifPresent(problems::add);
    }
    return problems;
  }

  /**
   * One problem per gate rule that does not parse, e.g. {@code spec.gate.rules[1]: gate rule
   * 'p99<=5%': unknown figure 'p99' (known: …)}.
   */
  public static List<String> gateRuleProblems(String path, List<String> rules) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; rules != null && i < rules.size(); i++) {
      try {
        GateRule.parse(rules.get(i));
      } catch (GateRule.BadRuleException e) {
        problems.add(path + "[" + i + "]: " + e.getMessage());
      }
    }
    return problems;
  }

  /**
   * A state-restoration run writes every topic before the app starts and drives none live; every
   * other run drives its topics live and prepopulates none.
   */
  private static void loadKind(BenchmarkRunSpec spec, List<String> problems) {
    boolean restoration = spec.getScenario() == Scenario.STATE_RESTORATION;
    if (restoration && spec.getLoad().getProducers() != 1) {
      // The restoration starts when the prepopulating generator exits; with several, the first to
      // exit would start it while the others still write.
      problems.add(
          "spec.load.producers: state-restoration prepopulates with exactly 1 load generator, got "
              + spec.getLoad().getProducers());
    }
    List<LoadTopicSpec> topics = spec.getLoad().getTopics();
    for (int i = 0; i < topics.size(); i++) {
      LoadTopicSpec t = topics.get(i);
      String at = "spec.load.topics[%d].".formatted(i);
      if (restoration && t.getPrepopulateRecords() == null) {
        problems.add(at + "prepopulateRecords: required for state-restoration (no live load)");
      }
      if (restoration && t.getRatePerSecond() != null) {
        problems.add(
            at + "ratePerSecond: state-restoration has no live load; give prepopulateRecords only");
      }
      if (!restoration && t.getPrepopulateRecords() != null) {
        problems.add(
            at
                + "prepopulateRecords: only state-restoration prepopulates; scenario "
                + spec.getScenario().value()
                + " drives its topics at ratePerSecond");
      }
      if (!restoration && t.getRatePerSecond() == null) {
        problems.add(at + "ratePerSecond: required for scenario " + spec.getScenario().value());
      }
      if (t.getRecord() == null || t.getRecord().getKeys() == null) {
        // The load generator refuses a topic without it: said here, before anything starts.
        problems.add(
            at
                + "record.keys: required for a topic of your own: how many distinct keys its"
                + " records carry (the built-in scenarios' topics have theirs)");
      }
    }
  }

  private static final Pattern TOPIC_NAME = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

  /**
   * The client settings a shared cluster's {@code clientConfig} may hold: how to connect, nothing
   * that names a class (it would load inside the operator), a file or a secret.
   */
  static final Set<String> CLIENT_SETTINGS_ALLOWED =
      Set.of(
          "security.protocol",
          "sasl.mechanism",
          "ssl.protocol",
          "ssl.enabled.protocols",
          "ssl.endpoint.identification.algorithm",
          "ssl.cipher.suites",
          "client.dns.lookup",
          "request.timeout.ms",
          "default.api.timeout.ms",
          "socket.connection.setup.timeout.ms",
          "socket.connection.setup.timeout.max.ms",
          "metadata.max.age.ms",
          "reconnect.backoff.ms",
          "reconnect.backoff.max.ms",
          "retry.backoff.ms",
          "connections.max.idle.ms");

  private static void loadRate(BenchmarkRunSpec spec, List<String> problems) {
    double rate = spec.getLoad().totalRatePerSecond();
    int producers = spec.getLoad().getProducers();
    if (rate / producers > MAX_RATE_PER_PRODUCER) {
      int needed = (int) Math.ceil(rate / MAX_RATE_PER_PRODUCER);
      problems.add(
          "spec.load.producers: %d producer(s) cannot drive %,.0f records/s (at most %,.0f each);"
                  .formatted(producers, rate, MAX_RATE_PER_PRODUCER)
              + " set producers to at least "
              + needed);
    }
  }

  private static void sharedClusterSettings(BenchmarkRunSpec spec, List<String> problems) {
    if (spec.getKafka() == null
        || spec.getKafka().getExternal() == null
        || spec.getKafka().getExternal().getClientConfig() == null) {
      return;
    }
    Map<String, String> derived = KafkaSecurity.of(spec).settings();
    spec.getKafka().getExternal().getClientConfig().keySet().stream()
        .sorted()
        .forEach(
            key -> {
              if (!CLIENT_SETTINGS_ALLOWED.contains(key)) {
                problems.add(
                    "spec.kafka.external.clientConfig."
                        + key
                        + ": not accepted (only connection settings: "
                        + String.join(", ", CLIENT_SETTINGS_ALLOWED.stream().sorted().toList())
                        + "; no class names, files or secrets; credentials and certificates go in"
                        + " spec.kafka.external.authentication and .tls)");
              } else if (derived.containsKey(key)) {
                problems.add(
                    "spec.kafka.external.clientConfig."
                        + key
                        + ": follows from spec.kafka.external.tls and .authentication ("
                        + derived.get(key)
                        + "); remove it");
              }
            });
  }

  /**
   * Latency topics are Kafka topic names, each listed once, and written by the scenario. (Checked
   * here rather than by CEL in the CRD: a rule over every item of an unbounded string list exceeds
   * the API server's cost budget.)
   */
  private static void latencyTopics(BenchmarkRunSpec spec, List<String> problems) {
    List<String> topics = spec.getLatency().getTopics();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < topics.size(); i++) {
      String topic = topics.get(i);
      if (!TOPIC_NAME.matcher(topic).matches()) {
        problems.add(
            "spec.latency.topics[%d]: '%s' is not a Kafka topic name (1-249 of a-z, A-Z, 0-9,"
                    .formatted(i, topic)
                + " '.', '_', '-')");
      } else if (!seen.add(topic)) {
        problems.add("spec.latency.topics[%d]: '%s' is listed twice".formatted(i, topic));
      }
    }
    if (spec.getScenario() == Scenario.CUSTOM) {
      return;
    }
    Set<String> outputs = new HashSet<>(ScenarioCatalog.profile(spec.getScenario()).outputTopics());
    for (int i = 0; i < topics.size(); i++) {
      if (!outputs.contains(topics.get(i))) {
        problems.add(
            "spec.latency.topics[%d]: scenario %s writes no topic '%s' (it writes %s)"
                .formatted(
                    i, spec.getScenario().value(), topics.get(i), String.join(", ", outputs)));
      }
    }
  }

  /**
   * Settings the run itself gives the app, each from its own field; {@code spec.app.config} may not
   * override them (a run reported as exactly-once must run exactly-once).
   */
  private static final Map<String, String> RESERVED =
      Map.of(
          "processing.guarantee", "spec.processingGuarantee",
          "bootstrap.servers", "the run's Kafka (spec.kafka)",
          "application.id", "the run's name",
          "scenario", "spec.scenario",
          "metrics.port", "spec.app.metrics.port",
          "instance.count", "spec.app.replicas",
          "instance.index", "the platform (each instance its own)");

  private static void reservedAppSettings(BenchmarkRunSpec spec, List<String> problems) {
    Map<String, String> config = spec.getApp().getConfig();
    if (config == null) {
      return;
    }
    for (String key : new TreeSet<>(config.keySet())) {
      String setBy =
          key.startsWith("topic.") ? "spec.load.topics and spec.latency.topics" : RESERVED.get(key);
      if (setBy != null) {
        problems.add(
            "spec.app.config[%s]: is set by %s and cannot be overridden here"
                .formatted(key, setBy));
      }
    }
  }

  /**
   * An app of several instances: not the Flink app (its embedded cluster shares no input with other
   * instances), not a state restoration (it measures one instance's cold restore), and no more
   * instances × threads than the widest input topic has partitions — Kafka assigns a partition to
   * one consumer of the group, so the rest would sit idle and measure nothing.
   */
  private static void appInstances(BenchmarkRunSpec spec, List<String> problems) {
    appInstances(spec, AppEnvironment.replicas(spec), "spec.app.replicas:", problems);
  }

  /**
   * The checks of {@link #appInstances(BenchmarkRunSpec, List)} for {@code replicas} instances of
   * {@code spec}'s app, each problem starting with {@code field}.
   */
  private static void appInstances(
      BenchmarkRunSpec spec, int replicas, String field, List<String> problems) {
    if (replicas == 1) {
      return;
    }
    if (ReferenceRuntime.FLINK.runtime().equals(spec.getApp().getRuntime())) {
      problems.add(
          field
              + " the Flink app runs its own embedded cluster in one process, which"
              + " shares no input with other instances; run 1 and scale it with"
              + " spec.app.config.parallelism (got "
              + replicas
              + ")");
      return;
    }
    if (spec.getScenario() == Scenario.STATE_RESTORATION) {
      problems.add(
          field
              + " state-restoration measures one instance's cold restore; run 1 (got "
              + replicas
              + ")");
      return;
    }
    int threads = threadsPerInstance(spec);
    LoadTopicSpec widest =
        spec.getLoad().getTopics().stream()
            .filter(t -> t.getPartitions() != null)
            .max(Comparator.comparing(LoadTopicSpec::getPartitions))
            .orElse(null);
    if (widest != null && replicas * threads > widest.getPartitions()) {
      problems.add(
          ("%s %d instances × %d thread(s) each exceed the %d partitions of the"
                  + " widest input topic (%s): %d would sit idle and measure nothing; run at most"
                  + " %d instances, or give the topic more partitions")
              .formatted(
                  field,
                  replicas,
                  threads,
                  widest.getPartitions(),
                  widest.getName(),
                  replicas * threads - widest.getPartitions(),
                  Math.max(1, widest.getPartitions() / threads)));
    }
  }

  /**
   * The consumer threads each instance runs: Kafka Streams' {@code num.stream.threads} when the
   * spec sets a valid one, else 1 (the reference apps' default; another app's threads are unknown
   * here and count 1).
   */
  private static int threadsPerInstance(BenchmarkRunSpec spec) {
    String threads = spec.getApp().getConfig().get("num.stream.threads");
    if (!ReferenceRuntime.KAFKA_STREAMS.runtime().equals(spec.getApp().getRuntime())
        || threads == null) {
      return 1;
    }
    try {
      return Math.max(1, Integer.parseInt(threads.trim()));
    } catch (NumberFormatException e) {
      return 1; // the app reports it, naming the setting
    }
  }

  /**
   * A search over instance counts: fewest first, each once; not beside a search over several CPU
   * limits (the sizes would have no order to start each from the one before); and every count one
   * the app may run as ({@link #appInstances}, checked at the largest).
   */
  private static void capacityInstances(BenchmarkRunSpec spec, List<String> problems) {
    List<Integer> counts = spec.getCapacity().getInstances();
    if (counts == null || counts.isEmpty()) {
      return;
    }
    for (int i = 1; i < counts.size(); i++) {
      if (counts.get(i) <= counts.get(i - 1)) {
        problems.add(
            "spec.capacity.instances[%d]: %d is not more than the count before it (fewest first,"
                    .formatted(i, counts.get(i))
                + " each once)");
      }
    }
    if (counts.size() > 1
        && spec.getCapacity().getCpuLimits() != null
        && spec.getCapacity().getCpuLimits().size() > 1) {
      problems.add(
          "spec.capacity.instances: a search over instance counts takes one CPU limit; give"
              + " spec.capacity.cpuLimits one value, or search the limits with one count");
    }
    int largest = counts.stream().max(Integer::compare).orElseThrow();
    appInstances(spec, largest, "spec.capacity.instances: at " + largest + ",", problems);
  }

  /**
   * Each fault inside the measurement window with two scrape intervals of it left after the fault
   * (a pause: after its end), so a recovery can be seen; a state restoration has no live load to
   * disturb.
   */
  private static void faults(BenchmarkRunSpec spec, List<String> problems) {
    if (!spec.hasFaults()) {
      return;
    }
    if (spec.getScenario() == Scenario.STATE_RESTORATION) {
      problems.add(
          "spec.faults: a state-restoration run has no live load to disturb; its measurement is the"
              + " app's cold start");
      return;
    }
    Duration measurement = SpecDuration.parse(spec.getSchedule().getMeasurement());
    Duration room = SpecDuration.parse(spec.getPrometheus().getScrapeInterval()).multipliedBy(2);
    for (int i = 0; i < spec.getFaults().size(); i++) {
      FaultSpec fault = spec.getFaults().get(i);
      if (fault.getInstance() != null && fault.getInstance() >= AppEnvironment.replicas(spec)) {
        problems.add(
            "spec.faults[%d].instance: %d names no instance of the app's %d (spec.app.replicas);"
                    .formatted(i, fault.getInstance(), AppEnvironment.replicas(spec))
                + " instances are counted from 0");
      }
      if (fault.getType() == FaultType.RollBroker && spec.getKafka().getExternal() != null) {
        problems.add(
            "spec.faults[%d]: RollBroker restarts a broker of the cluster the run provisions;"
                    .formatted(i)
                + " a shared cluster (spec.kafka.external) is never restarted");
      }
      Duration ends =
          SpecDuration.parse(fault.getAt())
              .plus(
                  fault.getDuration() == null
                      ? Duration.ZERO
                      : SpecDuration.parse(fault.getDuration()));
      if (ends.plus(room).compareTo(measurement) > 0) {
        problems.add(
            "spec.faults[%d]: %s%s leaves less than two scrape intervals (%s) of the %s measurement window to see the recovery"
                .formatted(
                    i,
                    "at " + fault.getAt(),
                    fault.getDuration() == null ? "" : " for " + fault.getDuration(),
                    SpecDuration.format(room),
                    spec.getSchedule().getMeasurement()));
      }
    }
  }

  /**
   * A capacity search's CPU limits are quantities above 0, smallest first and each once (a larger
   * limit starts from the smaller one's result), and its maximum rate is not below its start.
   */
  private static void capacity(BenchmarkRunSpec spec, List<String> problems) {
    CapacitySpec capacity = spec.getCapacity();
    if (capacity == null) {
      return;
    }
    List<String> limits = capacity.getCpuLimits() == null ? List.of() : capacity.getCpuLimits();
    BigDecimal previous = null;
    for (int i = 0; i < limits.size(); i++) {
      String at = "spec.capacity.cpuLimits[%d]: \"%s\"".formatted(i, limits.get(i));
      BigDecimal cores;
      try {
        cores = Quantity.getAmountInBytes(new Quantity(limits.get(i)));
      } catch (IllegalArgumentException | ArithmeticException e) {
        problems.add(at + ": not a CPU quantity (e.g. 500m, 1, 2)");
        continue;
      }
      if (cores.signum() <= 0) {
        problems.add(at + ": must be more than 0");
      } else if (previous != null && cores.compareTo(previous) <= 0) {
        problems.add(at + ": not larger than the limit before it (smallest first, each once)");
      }
      previous = cores;
    }
    capacityInstances(spec, problems);
    Duration measurement = SpecDuration.parse(spec.getSchedule().getMeasurement());
    Duration commits = AppCommitInterval.of(spec);
    Duration scrapes = SpecDuration.parse(spec.getPrometheus().getScrapeInterval());
    Duration needed =
        LagTrendResolution.minimumWindow(commits, scrapes, spec.getChecks().getMaxLagGrowthShare());
    if (measurement.compareTo(needed) < 0) {
      problems.add(
          ("spec.capacity: the lag trend decides whether a rate is sustained, and a %s measurement"
                  + " window cannot judge it for an app that commits every %s, scraped every %s: it"
                  + " takes %s. Lengthen spec.schedule.measurement, shorten"
                  + " spec.prometheus.scrapeInterval (locally --scrape-interval) or lower the"
                  + " app's commit.interval.ms")
              .formatted(
                  spec.getSchedule().getMeasurement(),
                  commits.toMillis() + " ms",
                  spec.getPrometheus().getScrapeInterval(),
                  SpecDuration.format(Duration.ofSeconds((needed.toMillis() + 999) / 1000))));
    }
    double start =
        capacity.getStartRatePerSecond() != null
            ? capacity.getStartRatePerSecond()
            : spec.getLoad().getTopics().stream()
                .filter(t -> t.getRatePerSecond() != null)
                .mapToDouble(t -> t.getRatePerSecond())
                .sum();
    Long samples = spec.getChecks().getMinLatencySamples();
    if (samples != null && start * measurement.toMillis() / 1000.0 < samples) {
      problems.add(
          ("spec.capacity: the first probe, %s records/s over a %s window, times fewer records than"
                  + " the %d latency samples spec.checks.minLatencySamples asks for: raise the"
                  + " start rate, lengthen the window or lower minLatencySamples")
              .formatted(Math.round(start), spec.getSchedule().getMeasurement(), samples));
    }
    if (capacity.getStartRatePerSecond() != null
        && capacity.getMaxRatePerSecond() != null
        && capacity.getMaxRatePerSecond() < capacity.getStartRatePerSecond()) {
      problems.add(
          "spec.capacity.maxRatePerSecond: %s is below startRatePerSecond %s"
              .formatted(capacity.getMaxRatePerSecond(), capacity.getStartRatePerSecond()));
    }
  }

  /**
   * The timeout must leave room for the catch-up too. The CRD's rule checks what was written; a
   * capacity search defaults catchUp (2m), which a short timeout written for its probes' windows
   * alone does not cover.
   */
  private static void timeoutAfterCatchUp(BenchmarkRunSpec spec, List<String> problems) {
    ScheduleSpec schedule = spec.getSchedule();
    if (schedule.getCatchUp() == null) {
      return;
    }
    if (SpecDuration.parse(schedule.getTimeout()).compareTo(schedule.catchUpAndWindows()) <= 0) {
      problems.add(
          ("spec.schedule.timeout: %s is not longer than catchUp %s + warmup %s + measurement %s:"
                  + " lengthen it or shorten spec.schedule.catchUp")
              .formatted(
                  schedule.getTimeout(),
                  schedule.getCatchUp(),
                  schedule.getWarmup(),
                  schedule.getMeasurement()));
    }
  }

  /** A catch-up's hold needs a catch-up, and fits inside it. */
  private static void catchUpHold(BenchmarkRunSpec spec, List<String> problems) {
    ScheduleSpec schedule = spec.getSchedule();
    if (schedule.getCatchUpHold() == null) {
      return;
    }
    if (schedule.getCatchUp() == null) {
      problems.add(
          "spec.schedule.catchUpHold: needs spec.schedule.catchUp (it is how long the catch-up holds"
              + " the lag's bound); set catchUp or remove catchUpHold");
      return;
    }
    Duration hold = SpecDuration.parse(schedule.getCatchUpHold());
    if (hold.isZero()) {
      problems.add("spec.schedule.catchUpHold: must be longer than 0s");
    } else if (hold.compareTo(SpecDuration.parse(schedule.getCatchUp())) > 0) {
      problems.add(
          "spec.schedule.catchUpHold: %s is longer than catchUp %s, which could never hold it"
              .formatted(schedule.getCatchUpHold(), schedule.getCatchUp()));
    }
  }

  /**
   * A ramp-up needs a catch-up that outlasts it by the hold: without one the warmup would start,
   * and the window could fall, while the load still rises.
   */
  private static void rampUp(BenchmarkRunSpec spec, List<String> problems) {
    ScheduleSpec schedule = spec.getSchedule();
    if (schedule.getRampUp() == null) {
      return;
    }
    if (spec.getScenario() == Scenario.STATE_RESTORATION) {
      problems.add(
          "spec.schedule.rampUp: state-restoration writes its input before the app starts, as fast"
              + " as it can; remove rampUp");
      return;
    }
    String hold = SpecDuration.format(schedule.catchUpHoldOrDefault());
    if (schedule.getCatchUp() == null) {
      problems.add(
          "spec.schedule.rampUp: needs spec.schedule.catchUp, at least rampUp + %s (the catch-up's hold), or the warmup starts while the load still rises"
              .formatted(hold));
      return;
    }
    Duration least = schedule.leastCatchUpFor(SpecDuration.parse(schedule.getRampUp()));
    if (least.compareTo(SpecDuration.parse(schedule.getCatchUp())) > 0) {
      problems.add(
          ("spec.schedule.rampUp: %s leaves catchUp %s no room for the catch-up's %s hold after"
                  + " the ramp: shorten rampUp or lengthen catchUp to at least %s")
              .formatted(
                  schedule.getRampUp(), schedule.getCatchUp(), hold, SpecDuration.format(least)));
    }
  }

  private static void measurementWindow(BenchmarkRunSpec spec, List<String> problems) {
    Duration measurement = SpecDuration.parse(spec.getSchedule().getMeasurement());
    Duration scrape = SpecDuration.parse(spec.getPrometheus().getScrapeInterval());
    Duration resolution = SpecDuration.parse(spec.getPrometheus().getResolution());
    if (scrape.isZero()) {
      problems.add(
          "spec.prometheus.scrapeInterval: must be longer than 0s (how often Prometheus scrapes)");
    } else if (measurement.compareTo(scrape.multipliedBy(2)) < 0) {
      problems.add(
          "spec.schedule.measurement: %s is shorter than two scrape intervals (spec.prometheus.scrapeInterval %s)"
              .formatted(
                  spec.getSchedule().getMeasurement(), spec.getPrometheus().getScrapeInterval()));
    }
    Duration cadvisor = SpecDuration.parse(spec.getPrometheus().getCadvisorScrapeInterval());
    if (cadvisor.compareTo(scrape) > 0 && measurement.compareTo(cadvisor.multipliedBy(2)) < 0) {
      problems.add(
          ("spec.schedule.measurement: %s is shorter than two cAdvisor scrape intervals"
                  + " (spec.prometheus.cadvisorScrapeInterval %s): the app's container CPU and"
                  + " memory need two samples inside it")
              .formatted(
                  spec.getSchedule().getMeasurement(),
                  spec.getPrometheus().getCadvisorScrapeInterval()));
    }
    if (resolution.isZero()) {
      problems.add("spec.prometheus.resolution: must be longer than 0s");
    } else if (resolution.compareTo(measurement) > 0) {
      problems.add(
          "spec.prometheus.resolution: %s is longer than the measurement window (spec.schedule.measurement %s)"
              .formatted(
                  spec.getPrometheus().getResolution(), spec.getSchedule().getMeasurement()));
    }
  }
}
