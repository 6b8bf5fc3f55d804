/**
 * The {@code streamgauge} command: picocli commands, the only place that parses a command line,
 * prints one-line errors or knows exit codes ({@link io.streamgauge.cli.ExitCodes}). The commands
 * hand the work to local running, cluster results and reports below them.
 */
package io.streamgauge.cli;
