package io.streamgauge.common;

/**
 * Log levels for Streamgauge's command-line tools (slf4j-simple): warnings in general, and only
 * errors from the Kafka client, which logs every failed connection attempt; the tools' own one-line
 * messages, reports and exit codes say what matters. A level the user set with {@code -D} wins.
 */
public final class QuietKafkaLogging {

  private QuietKafkaLogging() {}

  /** Applies the levels; call first thing in {@code main}. */
  public static void apply() {
    setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    setIfAbsent("org.slf4j.simpleLogger.log.org.apache.kafka", "error");
  }

  private static void setIfAbsent(String property, String value) {
    if (System.getProperty(property) == null) {
      System.setProperty(property, value);
    }
  }
}
