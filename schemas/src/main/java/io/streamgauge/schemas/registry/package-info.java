/**
 * Avro with a schema registry (the Confluent wire format: magic byte, schema id, body) and a small
 * client of the registry's REST API, shared by the load generators and the reference apps; no
 * registry library is used.
 */
package io.streamgauge.schemas.registry;
