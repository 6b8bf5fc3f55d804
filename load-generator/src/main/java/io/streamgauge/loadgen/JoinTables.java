package io.streamgauge.loadgen;

import io.streamgauge.schemas.registry.RegistryAvroSerde;
import io.streamgauge.schemas.registry.SchemaRegistryClient;
import io.streamgauge.schemas.registry.SchemaRegistryException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.producer.Producer;

/**
 * A workload's stateful-joins topics: their {@link JoinRecords}, sharing one registry client and
 * one set of {@link JoinReferences}, their schemas registered when made (before the load starts),
 * and the seeding of their dimensions. Empty for a workload without a {@code record.entity}.
 */
final class JoinTables {

  private final Map<String, JoinRecords> byTopic;
  private final List<DimensionSeed.Dimension> dimensions;
  private final PrintStream log;

  private JoinTables(
      Map<String, JoinRecords> byTopic, List<DimensionSeed.Dimension> dimensions, PrintStream log) {
    this.byTopic = byTopic;
    this.dimensions = dimensions;
    this.log = log;
  }

  /**
   * The join tables of a validated workload, their schemas registered.
   *
   * @throws WorkloadException (exit code 3) when the registry refuses or cannot be reached
   */
  static JoinTables of(
      Workload workload, Map<String, Integer> partitions, String producerId, PrintStream log) {
    Map<String, JoinRecords> byTopic = new LinkedHashMap<>();
    List<DimensionSeed.Dimension> dimensions = new ArrayList<>();
    List<Workload.Topic> topics =
        workload.topics().stream().filter(t -> t.record().entity() != null).toList();
    if (topics.isEmpty()) {
      return new JoinTables(byTopic, dimensions, log);
    }
    long seed = workload.seed() == null ? 1L : workload.seed();
    int index = workload.producerIndex() == null ? 0 : workload.producerIndex();
    JoinReferences references =
        new JoinReferences(
            keys(topics, JoinEntity.CUSTOMER), keys(topics, JoinEntity.PRODUCT), seed, index);
    SchemaRegistryClient client = new SchemaRegistryClient(workload.schemaRegistryUrl());
    RegistryAvroSerde serde = new RegistryAvroSerde(client);
    serde.configure(Map.of(), false);
    try {
      for (Workload.Topic t : topics) {
        JoinEntity entity = JoinEntity.find(t.record().entity()).orElseThrow();
        int id = serde.register(t.name(), entity.schema);
        log.println(
            "load-generator: "
                + entity.schema.getName()
                + " registered as "
                + RegistryAvroSerde.subject(t.name(), false)
                + " (id "
                + id
                + ") at "
                + client.url());
        JoinRecords records =
            new JoinRecords(
                entity,
                t.name(),
                serde,
                SizeDistribution.of(t.record().valueSize()),
                references,
                seed,
                producerId);
        byTopic.put(t.name(), records);
        if (entity.dimension) {
          dimensions.add(
              new DimensionSeed.Dimension(
                  records, t.name(), partitions.get(t.name()), t.record().keys()));
        }
      }
    } catch (SchemaRegistryException e) {
      throw new WorkloadException(3, e.getMessage());
    }
    return new JoinTables(byTopic, dimensions, log);
  }

  private static long keys(List<Workload.Topic> topics, JoinEntity entity) {
    return topics.stream()
        .filter(t -> entity.wire.equals(t.record().entity()))
        .mapToLong(t -> t.record().keys())
        .findFirst()
        .orElse(1);
  }

  /** The records of topic {@code t} if it is a join table. */
  Optional<JoinRecords> records(Workload.Topic t) {
    return Optional.ofNullable(byTopic.get(t.name()));
  }

  /** Writes this generator's share of the dimensions' ids (nothing without dimensions). */
  void seed(Producer<byte[], byte[]> producer, boolean transactional, Workload workload) {
    if (dimensions.isEmpty()) {
      return;
    }
    DimensionSeed.write(
        producer,
        transactional,
        dimensions,
        workload.producers() == null ? 1 : workload.producers(),
        workload.producerIndex() == null ? 0 : workload.producerIndex(),
        log);
  }
}
