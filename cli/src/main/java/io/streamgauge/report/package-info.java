/**
 * Every Markdown and HTML rendering of what runs showed: a run's report, a series' and a
 * comparison's tables, the charts of report.html. It reads result documents and statuses; it starts
 * nothing and reads no command line.
 */
package io.streamgauge.report;
