package io.streamgauge.testing.kafka;

import java.util.Arrays;

/**
 * Formats a KRaft broker's storage and then runs the broker, in one JVM: {@code FormattedKafka
 * CLUSTER_ID CONFIG}. What {@code kafka-storage.sh format} and {@code kafka-server-start.sh} do one
 * after the other, without a second JVM's start (two seconds and more here, for every test broker).
 * Exits 1 with the format's message when the storage cannot be formatted.
 */
public final class FormattedKafka {

  private FormattedKafka() {}

  /**
   * @param args the cluster id and the broker's properties file
   */
  public static void main(String[] args) {
    if (args.length != 2) {
      System.err.println(
          "usage: FormattedKafka CLUSTER_ID CONFIG (got " + Arrays.toString(args) + ")");
      System.exit(2);
    }
    int formatted;
    try {
      formatted =
          kafka.tools.StorageTool.execute(
              new String[] {"format", "-t", args[0], "-c", args[1], "--ignore-formatted"},
              System.out);
    } catch (RuntimeException e) {
      System.err.println("formatting the broker's storage failed: " + e.getMessage());
      formatted = 1;
    }
    if (formatted != 0) {
      System.exit(formatted);
    }
    kafka.Kafka.main(new String[] {args[1]});
  }
}
