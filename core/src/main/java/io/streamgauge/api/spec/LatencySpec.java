package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import java.util.List;

/** The latency consumer: which output topics it reads and how. */
public class LatencySpec {

  @Size(max = 32)
  @JsonPropertyDescription(
      "Output topics whose records are timed (latency = receipt time - record timestamp), at"
          + " most 32, each once (checked at Pending). Default: the scenario's output topics.")
  private List<String> topics;

  @JsonPropertyDescription(
      "Consumer isolation level. Default read_committed, so transaction commit cadence is part"
          + " of the measured latency.")
  private IsolationLevel isolationLevel;

  public List<String> getTopics() {
    return topics;
  }

  public void setTopics(List<String> topics) {
    this.topics = topics;
  }

  public IsolationLevel getIsolationLevel() {
    return isolationLevel;
  }

  public void setIsolationLevel(IsolationLevel isolationLevel) {
    this.isolationLevel = isolationLevel;
  }
}
