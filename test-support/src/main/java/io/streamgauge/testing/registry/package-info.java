/** A real schema registry server for tests, on loopback. Test code only. */
package io.streamgauge.testing.registry;
