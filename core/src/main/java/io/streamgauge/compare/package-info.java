/**
 * From runs to a decision: a baseline and a candidate (each one run or repetitions) compared figure
 * by figure with medians, bootstrap intervals and a noise floor ({@link
 * io.streamgauge.compare.Comparison}), repetitions summarised ({@link
 * io.streamgauge.compare.RepetitionSummary}), and regression gates on a comparison ({@link
 * io.streamgauge.compare.GateVerdict}). Pure logic over result documents; no platform.
 */
package io.streamgauge.compare;
