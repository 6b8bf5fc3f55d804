package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecutableOnPathTest {

  @TempDir Path dir;

  @Test
  void theFirstExecutableFileOnThePathWinsAndAPlainFileDoesNot() throws Exception {
    Path first = Files.createDirectory(dir.resolve("first"));
    Path second = Files.createDirectory(dir.resolve("second"));
    Files.writeString(first.resolve("tool"), "not executable");
    Path executable = Files.writeString(second.resolve("tool"), "#!/bin/sh\n");
    Files.setPosixFilePermissions(executable, PosixFilePermissions.fromString("rwxr-xr-x"));

    assertThat(ExecutableOnPath.find("tool", Map.of("PATH", first + "::" + second)))
        .contains(executable);
    assertThat(ExecutableOnPath.find("other", Map.of("PATH", first + ":" + second))).isEmpty();
  }
}
