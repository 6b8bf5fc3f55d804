package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.validation.CrdSchemaValidator;
import java.nio.file.Path;

/**
 * A BenchmarkSuite file, checked as the API server would check it ({@link ResourceFile}).
 *
 * @param name metadata.name
 * @param spec the spec as written
 */
record SuiteFile(String name, BenchmarkSuiteSpec spec) {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /**
   * Reads and checks {@code file}.
   *
   * @throws InvalidSpecException with every problem found, each naming its field
   */
  static SuiteFile read(Path file) throws InvalidSpecException {
    return of(ResourceFile.read(file, "BenchmarkSuite", CrdSchemaValidator.benchmarkSuite()));
  }

  /**
   * Checks one BenchmarkSuite document.
   *
   * @throws InvalidSpecException with every problem found, each naming its field
   */
  static SuiteFile of(JsonNode document) throws InvalidSpecException {
    return of(ResourceFile.check(document, "BenchmarkSuite", CrdSchemaValidator.benchmarkSuite()));
  }

  private static SuiteFile of(ResourceFile resource) {
    return new SuiteFile(
        resource.name(), SERIALIZATION.convertValue(resource.spec(), BenchmarkSuiteSpec.class));
  }
}
