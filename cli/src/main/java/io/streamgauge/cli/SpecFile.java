package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.validation.CrdSchemaValidator;
import java.nio.file.Path;

/**
 * A BenchmarkRun file, checked as the API server would check it ({@link ResourceFile}).
 *
 * @param name metadata.name
 * @param spec the spec as written (no defaults yet)
 */
record SpecFile(String name, BenchmarkRunSpec spec) {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /**
   * Reads and checks {@code file}.
   *
   * @throws InvalidSpecException with every problem found, each naming its field
   */
  static SpecFile read(Path file) throws InvalidSpecException {
    return of(ResourceFile.read(file, "BenchmarkRun", CrdSchemaValidator.benchmarkRun()));
  }

  /**
   * Checks one BenchmarkRun document.
   *
   * @throws InvalidSpecException with every problem found, each naming its field
   */
  static SpecFile of(JsonNode document) throws InvalidSpecException {
    return of(ResourceFile.check(document, "BenchmarkRun", CrdSchemaValidator.benchmarkRun()));
  }

  private static SpecFile of(ResourceFile resource) {
    return new SpecFile(
        resource.name(), SERIALIZATION.convertValue(resource.spec(), BenchmarkRunSpec.class));
  }
}
