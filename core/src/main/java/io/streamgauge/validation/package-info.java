/** Checks on a defaulted spec that the CRD schema cannot express, as field-path errors. */
package io.streamgauge.validation;
