package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code -o json|yaml}: the command's result document on stdout, as kubectl's {@code -o} prints an
 * object, so that {@code streamgauge … -o json | jq …} reads it. What the command says otherwise
 * (progress, "Wrote …") then goes to stderr.
 */
final class OutputFormatOption {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The formats {@code -o} prints. */
  enum Format {
    JSON,
    YAML
  }

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      description =
          "Print the result document (result.json, or repetitions.json, capacity.json,"
              + " suite.json, comparison.json) on stdout as json or yaml; what the command says"
              + " otherwise goes to stderr then. The output directory is -d.")
  Format format;

  /** Whether {@code -o} was given. */
  boolean given() {
    return format != null;
  }

  /** Where the command's own lines go: stdout, or stderr when stdout carries the document. */
  PrintWriter said(PrintWriter out, PrintWriter err) {
    return given() ? err : out;
  }

  /**
   * Prints the JSON document in {@code file} on {@code out} in the chosen format; nothing without
   * {@code -o}.
   *
   * @return false, having said why on {@code err}, when the file cannot be read
   */
  boolean print(Path file, PrintWriter out, PrintWriter err) {
    if (!given()) {
      return true;
    }
    if (!Files.isRegularFile(file)) {
      err.println("streamgauge: no result document to print: " + file + " was not written");
      return false;
    }
    try {
      print(JSON.readTree(file.toFile()), out);
      return true;
    } catch (IOException e) {
      err.println("streamgauge: cannot read " + file + ": " + e.getMessage());
      return false;
    }
  }

  /** Prints {@code document} on {@code out} in the chosen format; nothing without {@code -o}. */
  void print(JsonNode document, PrintWriter out) throws IOException {
    if (format == Format.JSON) {
      out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document));
    } else if (format == Format.YAML) {
      out.print(YamlText.of(document));
    }
    out.flush();
  }

  /**
   * Reads {@code json} or {@code yaml}; anything else, such as a directory given the way {@code -o}
   * took one before it meant the format, is refused saying where the directory goes now.
   */
  static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
      try {
        return Format.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(
            "'"
                + value
                + "' is not an output format: -o takes json or yaml; the output directory is -d"
                + " (--output-dir) DIR");
      }
    }
  }
}
