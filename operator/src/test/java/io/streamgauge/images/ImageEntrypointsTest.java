package io.streamgauge.images;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The operator and the measuring clients exit on an OutOfMemoryError instead of running on with a
 * thread lost: the operator restarts cleanly (its runs resume from their status), and a client that
 * exits fails its run visibly rather than measuring with a thread gone. The flag is in the image's
 * entry point, so no JVM options in the chart's values can drop it; the real-node smoke starts
 * every one of these images.
 */
class ImageEntrypointsTest {

  @ParameterizedTest
  @ValueSource(strings = {"operator", "latency-consumer", "load-generator"})
  void exitsOnAnOutOfMemoryError(String image) throws IOException {
    String containerfile =
        Files.readString(RepoFiles.repoDir().resolve("images/" + image + "/Containerfile"));

    assertThat(containerfile.lines().filter(l -> l.startsWith("ENTRYPOINT ")))
        .singleElement()
        .asString()
        .contains("\"-XX:+ExitOnOutOfMemoryError\"");
  }
}
