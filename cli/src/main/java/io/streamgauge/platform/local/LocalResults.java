package io.streamgauge.platform.local;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.platform.ResultStore;
import io.streamgauge.platform.RunContext;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A local run's result document goes into {@code result.json} in its directory; its logs are there
 * already.
 */
final class LocalResults implements ResultStore {

  private final Consumer<ObjectNode> results;

  /**
   * @param results takes the run's result document when it is stored
   */
  LocalResults(Consumer<ObjectNode> results) {
    this.results = results;
  }

  /** Hands the document on at once, for {@code result.json}. */
  @Override
  public ResultRef storeResults(RunContext run, ObjectNode document) {
    results.accept(document);
    ResultRef ref = new ResultRef();
    ref.setFile(LocalPlatform.RESULT_FILE);
    return ref;
  }

  /** Empty: every process writes its log into the run directory, which outlives the run. */
  @Override
  public Optional<String> keepLogs(RunContext run) {
    return Optional.empty();
  }
}
