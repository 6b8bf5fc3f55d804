package io.streamgauge.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chart carries copies of {@code crds/} and {@code dashboards/} (Helm reads only files inside
 * the chart); {@code make chart} makes them, and this fails the build when they drift.
 */
class ChartFilesTest {

  private static final Path REPO = RepoFiles.repoDir();
  private static final Path CHART = REPO.resolve("charts/streamgauge");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @ParameterizedTest
  @ValueSource(strings = {"crds", "dashboards"})
  void theChartsCopiesAreTheSourcesRunMakeChartWhenNot(String dir) throws IOException {
    List<Path> sources = RepoFiles.yamlOrJsonFiles(REPO.resolve(dir));
    List<Path> copies = RepoFiles.yamlOrJsonFiles(CHART.resolve(dir));

    assertThat(copies.stream().map(Path::getFileName).toList())
        .as("run `make chart`")
        .isEqualTo(sources.stream().map(Path::getFileName).toList());
    for (Path source : sources) {
      assertThat(Files.readString(CHART.resolve(dir).resolve(source.getFileName())))
          .as(source + " copied by `make chart`")
          .isEqualTo(Files.readString(source));
    }
  }
}
