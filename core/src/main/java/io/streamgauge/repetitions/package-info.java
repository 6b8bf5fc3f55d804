/**
 * A run repeated ({@code spec.repetitions} above 1): {@link
 * io.streamgauge.repetitions.RepetitionsMachine} runs its repetitions one at a time through the
 * {@code series} package, planned as a suite plans its cells, and summarises them (median, min, max
 * and CV per figure) in the run's status. Neither platform is imported here.
 */
package io.streamgauge.repetitions;
