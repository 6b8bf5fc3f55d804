package io.streamgauge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.UncheckedIOException;

/**
 * Documents as the CLI prints them in YAML: block style, no line splitting, quotes only where
 * needed, numbers in strings kept quoted (so {@code "100"} stays a string when read back).
 */
final class YamlText {

  private static final ObjectMapper YAML =
      new ObjectMapper(
          new YAMLFactory()
              .disable(YAMLGenerator.Feature.SPLIT_LINES)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));

  private YamlText() {}

  /** {@code ---} and {@code document} in YAML. */
  static String of(Object document) {
    try {
      return YAML.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
