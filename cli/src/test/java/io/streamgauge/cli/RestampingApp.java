package io.streamgauge.cli;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.MetricsServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * An app under test that breaks the contract the way a careless adapter would, for {@code
 * streamgauge conformance} to catch: stateless-simple read from the contract's variables, but its
 * output stamped with the time it is written, without the input's headers, and never in a
 * transaction whatever the guarantee. It is ready and serves the JVM's metrics like a good one.
 */
public final class RestampingApp {

  private static volatile boolean assigned;

  private RestampingApp() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> env = System.getenv();
    String bootstrap = env.get("STREAMGAUGE_APP_BOOTSTRAP_SERVERS");
    String input = env.getOrDefault("STREAMGAUGE_APP_TOPIC_INPUT", "input");
    String output = env.getOrDefault("STREAMGAUGE_APP_TOPIC_OUTPUT", "output");
    int port = Integer.parseInt(env.getOrDefault("STREAMGAUGE_APP_METRICS_PORT", "9404"));
    KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG,
                env.get("STREAMGAUGE_APP_APPLICATION_ID"),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class));
    KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
    PrometheusRegistry registry = new PrometheusRegistry();
    JvmMetrics.builder().register(registry);
    MetricsServer.start(new InetSocketAddress(port), registry, () -> assigned, Map.of());
    Runtime.getRuntime().addShutdownHook(new Thread(consumer::wakeup));
    consumer.subscribe(List.of(input));
    try {
      while (true) {
        var records = consumer.poll(Duration.ofMillis(100));
        assigned = !consumer.assignment().isEmpty();
        for (ConsumerRecord<byte[], byte[]> r : records) {
          byte[] value = new String(r.value()).toUpperCase(Locale.ROOT).getBytes();
          producer.send(new ProducerRecord<>(output, r.key(), value));
        }
      }
    } catch (WakeupException e) {
      producer.close();
    }
  }
}
