package io.streamgauge.capacity;

/**
 * How one CPU limit's search goes.
 *
 * @param start the first probe's rate, records/s
 * @param resolution bisect until the first failing rate is at most this share above the last
 *     passing one
 * @param confirmations the probes at a rate its verdict is the majority of (settled once more could
 *     not change it)
 * @param maxProbes the most probes
 * @param maxRate never probe above this; null for no cap
 * @param knownPass a rate taken as passing without a probe (a smaller CPU limit sustained it); null
 *     for none
 */
public record SearchSettings(
    double start,
    double resolution,
    int confirmations,
    int maxProbes,
    Double maxRate,
    Double knownPass,
    double minRate) {}
