package io.streamgauge.loadgen;

import java.util.random.RandomGenerator;

/** Makes record values of one profile; deterministic for a given random generator state. */
interface ValueGenerator {

  /** The next value. */
  byte[] next(RandomGenerator random);

  /** The generator for {@code record}, its own state seeded from {@code random}. */
  static ValueGenerator of(Workload.Record record, RandomGenerator random) {
    SizeDistribution sizes = SizeDistribution.of(record.valueSize());
    return switch (record.format()) {
      case "string" -> new SlicedValues(sizes, SlicedValues.mixedCaseAscii(sizes.max(), random));
      case "bytes" -> new SlicedValues(sizes, SlicedValues.randomBytes(sizes.max(), random));
      case "text" ->
          new TextValues(
              sizes, Vocabulary.generate(record.words() == null ? 1000 : record.words(), random));
      case "avro" -> new AvroValues(sizes, SlicedValues.randomBytes(sizes.max(), random));
      case "protobuf" ->
          new ProtobufValues(
              ProtobufValues.MessageKind.of(record.message()),
              sizes,
              SlicedValues.randomBytes(sizes.max(), random));
      default -> throw new IllegalArgumentException("unsupported format " + record.format());
    };
  }
}
