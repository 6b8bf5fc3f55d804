package io.streamgauge.flinkapp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * wordcount: each line split on whitespace, the words keyed by word (a hash exchange between
 * tasks), counted in keyed state (RocksDB by default, as Kafka Streams' store), and every new count
 * written as word → count (8 bytes, big-endian, as Kafka's LongSerializer writes it). As in Kafka
 * Streams, each count carries the largest timestamp of the records counted so far for its word;
 * unlike Kafka Streams, which emits a word's count once per commit from its record cache, this
 * emits every count (more output records at the same input rate).
 */
final class WordCountJob implements FlinkScenario {

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  @Override
  public String scenario() {
    return "wordcount";
  }

  @Override
  public DataStream<KafkaRecord> apply(DataStream<KafkaRecord> input) {
    return input
        .flatMap(
            (KafkaRecord line, Collector<Tuple2<String, Long>> out) -> {
              if (line.value == null) {
                return;
              }
              for (String word : WHITESPACE.split(new String(line.value, StandardCharsets.UTF_8))) {
                if (!word.isEmpty()) {
                  out.collect(Tuple2.of(word, line.timestamp));
                }
              }
            })
        .returns(Types.TUPLE(Types.STRING, Types.LONG))
        .name("split")
        .keyBy(word -> word.f0, Types.STRING)
        .process(new Count())
        .name("count");
  }

  /** The count and the newest timestamp of each word, in keyed state. */
  static final class Count extends KeyedProcessFunction<String, Tuple2<String, Long>, KafkaRecord> {
    private static final long serialVersionUID = 1L;
    private transient ValueState<Tuple2<Long, Long>> counted;

    @Override
    public void open(OpenContext context) {
      counted =
          getRuntimeContext()
              .getState(
                  new ValueStateDescriptor<>("word-counts", Types.TUPLE(Types.LONG, Types.LONG)));
    }

    @Override
    public void processElement(
        Tuple2<String, Long> word, Context context, Collector<KafkaRecord> out) throws Exception {
      Tuple2<Long, Long> before = counted.value();
      long count = before == null ? 1 : before.f0 + 1;
      long newest = before == null ? word.f1 : Math.max(before.f1, word.f1);
      counted.update(Tuple2.of(count, newest));
      out.collect(
          new KafkaRecord(
              word.f0.getBytes(StandardCharsets.UTF_8),
              ByteBuffer.allocate(Long.BYTES).putLong(count).array(),
              newest));
    }
  }
}
