package io.streamgauge.capacity;

/**
 * One ended probe as the search reads it.
 *
 * @param rate the total input rate probed, records/s
 * @param passed whether it met the SLO
 */
public record ProbeVerdict(double rate, boolean passed) {}
