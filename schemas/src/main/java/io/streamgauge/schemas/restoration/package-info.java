/**
 * The Avro schema of the state-restoration scenario's store values, written as plain Avro binary:
 * shared by the load generator that prepopulates the store and the app that restores it.
 */
package io.streamgauge.schemas.restoration;
