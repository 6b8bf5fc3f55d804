/**
 * Running on this machine: one run, a series of runs (repetitions, a suite) and a capacity search
 * driven on the local platform, their progress on the terminal and the files they write. It uses
 * the local platform and reports, never the commands above it.
 */
package io.streamgauge.localrun;
