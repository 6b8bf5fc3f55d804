/**
 * The scenarios table of the methodology as code ({@link ScenarioCatalog}) and the one place where
 * a spec's defaults are resolved ({@link SpecDefaulter}).
 */
package io.streamgauge.scenario;
