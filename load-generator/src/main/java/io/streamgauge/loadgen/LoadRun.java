package io.streamgauge.loadgen;

import io.streamgauge.common.ApiToken;
import io.streamgauge.common.KafkaSecretSettings;
import io.streamgauge.common.ListenAddress;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.common.TopicCheck;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One execution of a validated workload: checks Kafka, builds the producer and the topic schedules,
 * serves metrics, runs the {@link LoadGenerator} and returns its report.
 */
public final class LoadRun {

  /** Default port of /metrics and /health. */
  public static final int DEFAULT_METRICS_PORT = 9400;

  private final Workload workload;
  private final PrintStream log;
  private volatile LoadGenerator generator;

  /**
   * @param workload a workload without {@link WorkloadValidator#problems}
   * @param log where progress lines go (stderr in the CLI)
   */
  public LoadRun(Workload workload, PrintStream log) {
    this.workload = workload;
    this.log = log;
  }

  /** This instance's producer id. */
  public String producerId() {
    if (workload.producerId() != null && !workload.producerId().isBlank()) {
      return workload.producerId();
    }
    String host = System.getenv("HOSTNAME");
    return host == null || host.isBlank() ? "load-generator-0" : host;
  }

  /** Runs to the end and returns the report; blocks the calling thread. */
  public Report execute() {
    Map<String, String> producerConfig =
        KafkaSecretSettings.addFromEnvironment(workload.producerConfig());
    List<String> names = workload.topics().stream().map(Workload.Topic::name).toList();
    Map<String, Integer> partitions = checkTopics(producerConfig, names);
    boolean transactional =
        workload.transactions() != null && Boolean.TRUE.equals(workload.transactions().enabled());
    LoadMetrics metrics = new LoadMetrics(true);
    SendWindow window = new SendWindow();
    JoinTables joins = JoinTables.of(workload, partitions, producerId(), log);
    List<TopicLoad> loads = topicLoads(partitions, metrics, window, joins);
    try (Producer<byte[], byte[]> producer = producer(producerConfig, transactional)) {
      // Fetch metadata before the clock starts, so the first records are not late by a round trip.
      names.forEach(producer::partitionsFor);
      TransactionPacer pacer = null;
      if (transactional) {
        producer.initTransactions();
        Workload.Transactions t = workload.transactions();
        pacer =
            new TransactionPacer(
                producer,
                t.commitRecords() == null ? 1000 : t.commitRecords(),
                t.commitIntervalMs() == null ? 100 : t.commitIntervalMs());
      }
      // The dimensions exist before the first fact references them, and before this generator is
      // ready (its /health answers only once the loop runs), so before the warmup.
      joins.seed(producer, transactional, workload);
      boolean prepopulate = workload.mode() == Workload.Mode.PREPOPULATE;
      Duration duration =
          prepopulate || workload.duration() == null
              ? null
              : SpecDuration.parse(workload.duration());
      LoadGenerator gen = new LoadGenerator(producer, loads, metrics, duration, pacer);
      metrics.targetRate(loads, gen::elapsedNanos);
      metrics.achievedRate(loads, gen::elapsedNanos);
      generator = gen;
      try (MetricsServer server = metricsServer(metrics);
          LoadEnd end =
              new LoadEnd(
                  workload,
                  gen,
                  window,
                  producerId(),
                  log,
                  ApiToken.fromEnvironment(System.getenv()))) {
        end.start();
        log.println(
            "load-generator "
                + producerId()
                + ": "
                + (prepopulate ? "prepopulating " : "sending to ")
                + names
                + (server == null ? "" : ", metrics on :" + server.port()));
        try (StallMeter stalls = StallMeter.start(metrics::stall)) {
          gen.run();
        }
        end.reportIfDue();
      }
      return gen.report(producerId(), prepopulate ? "prepopulate" : "run");
    }
  }

  private Map<String, Integer> checkTopics(Map<String, String> clientConfig, List<String> names) {
    try {
      return TopicCheck.partitions(workload.bootstrapServers(), clientConfig, names);
    } catch (TopicCheck.TopicCheckException e) {
      throw new WorkloadException(3, e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new WorkloadException(2, "producerConfig: " + e.getMessage());
    }
  }

  /** Ends a running execution early (SIGTERM); waits for it to flush. */
  public void stop(Duration timeout) throws InterruptedException {
    LoadGenerator gen = generator;
    if (gen != null) {
      gen.stop(timeout);
    }
  }

  private List<TopicLoad> topicLoads(
      Map<String, Integer> partitions, LoadMetrics metrics, SendWindow window, JoinTables joins) {
    int producers = workload.producers() == null ? 1 : workload.producers();
    int index = workload.producerIndex() == null ? 0 : workload.producerIndex();
    long seed = workload.seed() == null ? 1L : workload.seed();
    boolean prepopulate = workload.mode() == Workload.Mode.PREPOPULATE;
    long rampNanos =
        workload.rampUp() == null ? 0 : SpecDuration.parse(workload.rampUp()).toNanos();
    List<TopicLoad> loads = new ArrayList<>();
    for (Workload.Topic t : workload.topics()) {
      double rate = prepopulate ? Double.POSITIVE_INFINITY : t.ratePerSecond() / producers;
      long limit = Long.MAX_VALUE;
      if (prepopulate) {
        long total = t.prepopulateRecords();
        limit = total / producers + (index < total % producers ? 1 : 0);
      }
      loads.add(
          new TopicLoad(
              t.name(),
              partitions.get(t.name()),
              new SendSchedule(rate, rampNanos),
              limit,
              joins
                  .records(t)
                  .map(RecordSource.class::cast)
                  .orElseGet(() -> new RecordFactory(seed, producerId(), t.name(), t.record())),
              producerId(),
              workload.trace() == null || workload.trace(),
              window,
              prepopulate ? null : workload.shape(),
              metrics.topic(t.name(), window)));
    }
    return loads;
  }

  private Producer<byte[], byte[]> producer(Map<String, String> userConfig, boolean transactional) {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.putAll(userConfig);
    // Idempotence by default, as Kafka does, but only where it is allowed (acks=all).
    String acks = String.valueOf(config.get(ProducerConfig.ACKS_CONFIG));
    if (acks.equals("all") || acks.equals("-1")) {
      config.putIfAbsent(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    }
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, workload.bootstrapServers());
    config.put(ProducerConfig.CLIENT_ID_CONFIG, producerId());
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    if (transactional) {
      config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, producerId());
    }
    try {
      return new KafkaProducer<>(config);
    } catch (KafkaException e) {
      String cause = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
      throw new WorkloadException(2, "producerConfig: " + cause);
    }
  }

  private MetricsServer metricsServer(LoadMetrics metrics) {
    int port = workload.metricsPort() == null ? DEFAULT_METRICS_PORT : workload.metricsPort();
    if (port < 0) {
      return null;
    }
    try {
      return MetricsServer.start(
          ListenAddress.of(port), metrics.registry, () -> generator != null, Map.of());
    } catch (IOException e) {
      throw new WorkloadException(
          2, "metricsPort: cannot listen on " + port + ": " + e.getMessage());
    }
  }
}
