package io.streamgauge.apps;

import java.util.List;
import java.util.Optional;

/** The scenarios this app implements. */
public final class Scenarios {

  /** Every topology, one per scenario. */
  public static final List<ScenarioTopology> ALL =
      List.of(
          new StatelessSimpleTopology(),
          new WordCountTopology(),
          new StatelessAdvancedTopology(),
          new StatefulJoinsTopology(),
          new StateRestorationTopology());

  private Scenarios() {}

  /** The topology of scenario {@code name}, if this app implements it. */
  public static Optional<ScenarioTopology> find(String name) {
    return ALL.stream().filter(t -> t.scenario().equals(name)).findFirst();
  }

  /** The scenario names, for messages. */
  public static List<String> names() {
    return ALL.stream().map(ScenarioTopology::scenario).toList();
  }
}
