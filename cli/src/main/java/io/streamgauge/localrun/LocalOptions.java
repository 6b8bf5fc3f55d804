package io.streamgauge.localrun;

import java.time.Duration;

/**
 * How a local run departs from its spec file, to fit one machine.
 *
 * @param catchUp the catch-up before the warmup instead of the spec's ({@code schedule.catchUp}),
 *     or null
 * @param catchUpHold how long the catch-up holds the lag's bound instead of the spec's ({@code
 *     schedule.catchUpHold}), or null
 * @param warmup the warmup window instead of the spec's, or null
 * @param measurement the measurement window instead of the spec's, or null
 * @param timeout the whole run's limit, or null for catch-up + warmup + measurement + {@link
 *     #TIMEOUT_SLACK}
 * @param rateScale every topic's rate is multiplied by this (1 keeps the spec's rates)
 * @param scrapeInterval how often the local Prometheus scrapes (also the query resolution), or null
 *     for the spec's {@code prometheus.scrapeInterval} when it sets one, else {@link
 *     #DEFAULT_SCRAPE_INTERVAL}
 * @param bootstrapServers an existing Kafka cluster to use instead of a local broker, or null
 */
public record LocalOptions(
    Duration catchUp,
    Duration catchUpHold,
    Duration warmup,
    Duration measurement,
    Duration timeout,
    double rateScale,
    Duration scrapeInterval,
    String bootstrapServers) {

  /** Room beyond the windows for starting Kafka, the app and the clients, and collecting. */
  public static final Duration TIMEOUT_SLACK = Duration.ofMinutes(10);

  /** Scrape interval of the local Prometheus when neither the option nor the spec sets one. */
  public static final Duration DEFAULT_SCRAPE_INTERVAL = Duration.ofSeconds(5);
}
