package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.RepoFiles;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The skeleton app of the examples compiles against the Kafka clients the distribution ships, as
 * {@code java -cp 'cli/target/streamgauge/lib/*' SkeletonApp.java} compiles it, and its run file is
 * one the CLI accepts. That it conforms is {@code ConformanceE2E}'s (full tier).
 */
class SkeletonAppTest {

  @TempDir Path classes;

  @Test
  void theSkeletonAppCompilesAndItsRunFileReads() throws Exception {
    Path source = RepoFiles.repoDir().resolve("examples/skeleton-app/SkeletonApp.java");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter said = new StringWriter();

    boolean compiled =
        javac
            .getTask(
                said,
                null,
                null,
                List.of(
                    "-Xlint:all",
                    "-Werror",
                    "-cp",
                    System.getProperty("java.class.path"),
                    "-d",
                    classes.toString()),
                null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjects(source))
            .call();

    assertThat(compiled).as(said.toString()).isTrue();
    assertThat(classes.resolve("SkeletonApp.class")).exists();
    assertThat(Files.readAllLines(source))
        .as("under a hundred and twenty lines: a skeleton to start from")
        .hasSizeLessThan(120);
    SpecFile file = SpecFile.read(RepoFiles.repoDir().resolve("examples/skeleton-app/run.yaml"));
    assertThat(file.spec().getScenario().value()).isEqualTo("custom");
  }
}
