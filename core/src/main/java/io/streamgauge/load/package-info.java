/** How a run's load moves over its measurement window: its shape, from the spec. */
package io.streamgauge.load;
