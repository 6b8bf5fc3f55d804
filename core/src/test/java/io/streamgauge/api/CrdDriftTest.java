package io.streamgauge.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The checked-in {@code crds/} must be exactly what the Java model generates. */
class CrdDriftTest {

  @ParameterizedTest
  @ValueSource(strings = {GeneratedCrd.RUN, GeneratedCrd.SUITE})
  void checkedInCrdMatchesTheGeneratedOne(String fileName) throws IOException {
    Path checkedIn = RepoFiles.crdsDir().resolve(fileName);
    assertThat(checkedIn).as("checked-in CRD (run `make crds` and commit)").exists();

    assertThat(Files.readString(checkedIn))
        .as(
            "crds/%s differs from the CRD generated from the Java model: run `make crds` and"
                + " commit the result",
            fileName)
        .isEqualTo(Files.readString(GeneratedCrd.path(fileName)));
  }
}
