package io.streamgauge.localrun;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.platform.KafkaSecurity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The Secrets a spec names ({@code spec.kafka.external.tls}, {@code .authentication}) on one
 * machine: a directory laid out as Kubernetes mounts Secrets, {@code DIR/<secretName>/<key>}, one
 * file per key (a trailing line break is dropped). Read once, before anything starts.
 */
public final class LocalSecrets {

  private LocalSecrets() {}

  /**
   * The secret client settings of {@code spec}, resolved from {@code dir}.
   *
   * @param dir the {@code --secrets-dir} option, or null
   * @return empty when the spec names no Secret
   * @throws InvalidSpecException when the spec names Secrets and there is no directory, a file is
   *     missing or a value cannot be used
   */
  public static Map<String, String> resolve(BenchmarkRunSpec spec, Path dir)
      throws InvalidSpecException {
    KafkaSecurity security = KafkaSecurity.of(spec);
    if (security.secretKeys().isEmpty()) {
      return Map.of();
    }
    if (dir == null) {
      KafkaSecurity.SecretKey first = security.secretKeys().get(0);
      throw new InvalidSpecException(
          first.field()
              + ": names Secret "
              + first.secretName()
              + "; pass --secrets-dir DIR with the file DIR/"
              + first.secretName()
              + "/"
              + first.key());
    }
    try {
      return security.resolve(key -> read(dir, key));
    } catch (KafkaSecurity.SecretValueException e) {
      throw new InvalidSpecException(
          e.getMessage() + (e.missing() ? ": no file " + file(dir, e.key()) : ""));
    } catch (UncheckedIOException e) {
      throw new InvalidSpecException("cannot read --secrets-dir " + dir + ": " + e.getMessage());
    }
  }

  private static Optional<String> read(Path dir, KafkaSecurity.SecretKey key) {
    Path file = file(dir, key);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(withoutFinalLineBreak(Files.readString(file, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(file.toString(), e);
    }
  }

  private static Path file(Path dir, KafkaSecurity.SecretKey key) {
    return dir.resolve(key.secretName()).resolve(key.key());
  }

  /** As {@code echo} writes a file: one line break at the end that is not part of the value. */
  private static String withoutFinalLineBreak(String text) {
    if (text.endsWith("\r\n")) {
      return text.substring(0, text.length() - 2);
    }
    return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
  }
}
