/**
 * The Avro schemas of the stateful-joins scenario (orders, shipments, reviews and what joins them),
 * shared by the load generators and the reference apps.
 */
package io.streamgauge.schemas.joins;
