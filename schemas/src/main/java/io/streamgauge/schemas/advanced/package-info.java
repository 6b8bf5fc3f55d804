/**
 * The stateless-advanced records' field values that decide where they go (priorities, tags,
 * cancelled orders, bot clicks), as a fixed cycle shared by the load generators and the checks that
 * derive exact output counts from input counts.
 */
package io.streamgauge.schemas.advanced;
