package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A chart's NOTES.txt as {@code helm install} would print it, for any Kubernetes version: {@code
 * helm template} renders no notes and {@code helm install} takes no {@code --kube-version}, so a
 * copy of the chart carries the notes as a file and one template that renders it with Helm's own
 * engine ({@code tpl}, the chart's helpers and {@code .Capabilities} as {@code --kube-version} and
 * {@code --api-versions} set them).
 */
final class ChartNotes {

  private static final String NOTES_FILE = "rendered-notes.txt";
  private static final String NOTES_TEMPLATE = "templates/zz-rendered-notes.yaml";

  private ChartNotes() {}

  /** The notes of {@code chart} as release {@code release}, rendered with {@code args}. */
  static String render(
      TestControlPlane plane, Path chart, String release, Path scratch, String... args)
      throws IOException {
    Path copy = Files.createTempDirectory(scratch, chart.getFileName() + "-notes");
    copyTree(chart, copy);
    Files.copy(chart.resolve("templates/NOTES.txt"), copy.resolve(NOTES_FILE));
    Files.writeString(
        copy.resolve(NOTES_TEMPLATE),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: rendered-notes}
        data:
          notes: {{ tpl (.Files.Get "%s") . | quote }}
        """
            .formatted(NOTES_FILE));
    List<String> command =
        new ArrayList<>(
            List.of("template", release, copy.toString(), "--show-only", NOTES_TEMPLATE));
    command.addAll(List.of(args));
    CommandResult result = plane.helm(command.toArray(String[]::new));
    assertThat(result.succeeded()).as(result.stderr()).isTrue();
    return new ObjectMapper(new YAMLFactory())
        .readTree(result.stdout())
        .path("data")
        .path("notes")
        .asText();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path source : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target);
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
