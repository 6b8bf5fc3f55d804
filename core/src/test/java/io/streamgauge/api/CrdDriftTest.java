package io.streamgauge.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The checked-in {@code crds/} must be exactly what the Java model generates. */
class CrdDriftTest {

  @Test
  void checkedInCrdMatchesTheGeneratedOne() throws IOException {
    Path checkedIn = RepoFiles.crdsDir().resolve(GeneratedCrd.FILE_NAME);
    assertThat(checkedIn).as("checked-in CRD (run `make crds` and commit)").exists();

    assertThat(Files.readString(checkedIn))
        .as(
            "crds/%s differs from the CRD generated from the Java model: run `make crds` and"
                + " commit the result",
            GeneratedCrd.FILE_NAME)
        .isEqualTo(Files.readString(GeneratedCrd.path()));
  }
}
