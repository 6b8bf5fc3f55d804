/**
 * The Kubernetes platform: pure builders of the resources a run owns (one class per owned resource
 * kind), later driven by the reconciler's dependent resources.
 */
package io.streamgauge.platform.kubernetes;
