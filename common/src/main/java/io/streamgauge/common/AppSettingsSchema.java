package io.streamgauge.common;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an app reads beyond the settings every app under test gets ({@link ContractSettings}): the
 * scenarios it implements with each one's topic roles, and its own settings. Declared once, so the
 * app and whoever launches it check a setting the same way ({@code streamgauge run --local} checks
 * a reference app's settings before starting anything).
 *
 * @param app the app's name, in messages (e.g. {@code streams-app})
 * @param scenarios the topic roles of each scenario it implements, in order
 * @param wholeNumbers its whole-number settings, each with its range
 * @param texts its free-text settings (e.g. {@code state.dir})
 * @param passThroughPrefixes prefixes of settings it hands to its runtime unchanged, the prefix
 *     removed (e.g. {@code streams.} for Kafka Streams' own properties)
 */
public record AppSettingsSchema(
    String app,
    Map<String, List<String>> scenarios,
    Map<String, Range> wholeNumbers,
    List<String> texts,
    List<String> passThroughPrefixes) {

  /** An inclusive range of whole numbers. */
  public record Range(long min, long max) {}

  /** Copies, keeping the order of scenarios and settings. */
  public AppSettingsSchema {
    scenarios = Collections.unmodifiableMap(new LinkedHashMap<>(scenarios));
    wholeNumbers = Collections.unmodifiableMap(new LinkedHashMap<>(wholeNumbers));
    texts = List.copyOf(texts);
    passThroughPrefixes = List.copyOf(passThroughPrefixes);
  }

  /** The scenario names, in order, for messages. */
  public List<String> scenarioNames() {
    return List.copyOf(scenarios.keySet());
  }

  /** True when {@code key} is one of this app's own settings (not the contract's). */
  public boolean declares(String key) {
    return wholeNumbers.containsKey(key)
        || texts.contains(key)
        || passThroughPrefixes.stream()
            .anyMatch(p -> key.startsWith(p) && key.length() > p.length());
  }

  /** This app's settings as listed in an error message: {@code num.stream.threads, streams.*}. */
  String describeOwn() {
    List<String> own = new ArrayList<>(wholeNumbers.keySet());
    own.addAll(texts);
    passThroughPrefixes.forEach(p -> own.add(p + "<property>"));
    return String.join(", ", own);
  }
}
