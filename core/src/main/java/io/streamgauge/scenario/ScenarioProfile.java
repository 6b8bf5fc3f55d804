package io.streamgauge.scenario;

import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import java.util.List;

/**
 * What a scenario brings beyond the common defaults: its input topics with their load and record
 * profile, the output topics the latency consumer reads, and its windows.
 *
 * @param scenario the scenario described
 * @param inputTopics input topics, each with partitions, rate (or prepopulated records) and record
 *     profile
 * @param outputTopics the topology's output topics, whose records are timed
 * @param warmup default warmup duration
 * @param measurement default measurement duration
 */
public record ScenarioProfile(
    Scenario scenario,
    List<LoadTopicSpec> inputTopics,
    List<String> outputTopics,
    String warmup,
    String measurement) {}
