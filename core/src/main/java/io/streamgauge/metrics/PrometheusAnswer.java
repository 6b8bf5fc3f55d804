package io.streamgauge.metrics;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.streamgauge.common.BoundedText;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One answer of the Prometheus HTTP API ({@code {"status", "data": {"resultType", "result"}}} or
 * {@code {"status": "error", "errorType", "error"}}), parsed as it is read: only the series are
 * kept, and an answer of more series or points than {@link Limits} allow stops being read at the
 * first one too many.
 *
 * @param status {@code success} or {@code error} (empty when absent)
 * @param errorType the error's type, when it is one
 * @param error the error's message, at most {@value #MAX_ERROR_CHARS} characters
 * @param resultType {@code vector}, {@code matrix}, {@code scalar} or {@code string}
 * @param series each series of a vector (one point each) or a matrix; a scalar is one series
 *     without labels
 */
record PrometheusAnswer(
    String status, String errorType, String error, String resultType, List<RangeSeries> series) {

  /** The most of Prometheus's own error message carried into ours. */
  static final int MAX_ERROR_CHARS = 1024;

  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The most one answer may bring.
   *
   * @param series series in the result
   * @param points points over all its series
   */
  record Limits(int series, int points) {}

  /** An answer of more series or points than its {@link Limits}; reading it stopped there. */
  static final class TooLarge extends IOException {
    TooLarge(String what) {
      super(what);
    }
  }

  /** An answer that is not the API's JSON. */
  static final class Malformed extends IOException {
    Malformed(String what, Throwable cause) {
      super(what, cause);
    }
  }

  /** Whether Prometheus answered the query. */
  boolean succeeded() {
    return "success".equals(status);
  }

  /**
   * Reads one answer from {@code body}, within {@code limits}.
   *
   * @throws TooLarge past the limits
   * @throws Malformed when it is not the API's JSON (Jackson's own parse errors too)
   * @throws IOException when the body ends early or fails
   */
  static PrometheusAnswer read(InputStream body, Limits limits) throws IOException {
    try (JsonParser json = JSON.createParser(body)) {
      Reading reading = new Reading(json, limits);
      reading.answer();
      return new PrometheusAnswer(
          reading.status,
          reading.errorType,
          reading.error,
          reading.resultType,
          List.copyOf(reading.series));
    }
  }

  /** The state of one answer's reading. */
  private static final class Reading {
    private final JsonParser json;
    private final Limits limits;
    private final List<RangeSeries> series = new ArrayList<>();
    private int points;
    private String status = "";
    private String errorType = "";
    private String error = "";
    private String resultType = "";

    Reading(JsonParser json, Limits limits) {
      this.json = json;
      this.limits = limits;
    }

    void answer() throws IOException {
      expect(json.nextToken(), JsonToken.START_OBJECT, "the answer");
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String field = json.currentName();
        json.nextToken();
        switch (field) {
          case "status" -> status = json.getValueAsString("");
          case "errorType" -> errorType = json.getValueAsString("");
          case "error" -> error = BoundedText.of(json.getValueAsString(""), MAX_ERROR_CHARS);
          case "data" -> data();
          default -> json.skipChildren();
        }
      }
    }

    private void data() throws IOException {
      expect(json.currentToken(), JsonToken.START_OBJECT, "data");
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String field = json.currentName();
        json.nextToken();
        switch (field) {
          case "resultType" -> resultType = json.getValueAsString("");
          case "result" -> result();
          default -> json.skipChildren();
        }
      }
    }

    private void result() throws IOException {
      expect(json.currentToken(), JsonToken.START_ARRAY, "data.result");
      JsonToken first = json.nextToken();
      if (first == JsonToken.END_ARRAY) {
        return;
      }
      if (first != JsonToken.START_OBJECT) {
        // a scalar's or a string's [time, "value"]
        double time = json.getValueAsDouble();
        json.nextToken();
        double value = PrometheusAnswer.value(json.getValueAsString(""));
        expect(json.nextToken(), JsonToken.END_ARRAY, "a scalar");
        add(new RangeSeries(Map.of(), List.of(new RangeSeries.Point(time, value))));
        return;
      }
      do {
        add(oneSeries());
      } while (json.nextToken() == JsonToken.START_OBJECT);
      expect(json.currentToken(), JsonToken.END_ARRAY, "data.result");
    }

    private RangeSeries oneSeries() throws IOException {
      Map<String, String> labels = Map.of();
      List<RangeSeries.Point> values = new ArrayList<>();
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String field = json.currentName();
        json.nextToken();
        switch (field) {
          case "metric" -> labels = labels();
          case "value" -> values.add(point());
          case "values" -> {
            expect(json.currentToken(), JsonToken.START_ARRAY, "values");
            while (json.nextToken() == JsonToken.START_ARRAY) {
              values.add(point());
            }
          }
          default -> json.skipChildren();
        }
      }
      return new RangeSeries(labels, values);
    }

    private Map<String, String> labels() throws IOException {
      expect(json.currentToken(), JsonToken.START_OBJECT, "metric");
      Map<String, String> labels = new LinkedHashMap<>();
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String name = json.currentName();
        json.nextToken();
        labels.put(name, json.getValueAsString(""));
      }
      return labels;
    }

    private RangeSeries.Point point() throws IOException {
      expect(json.currentToken(), JsonToken.START_ARRAY, "a [time, \"value\"] pair");
      if (++points > limits.points()) {
        throw new TooLarge("more than " + limits.points() + " points");
      }
      json.nextToken();
      double time = json.getValueAsDouble();
      json.nextToken();
      double value = PrometheusAnswer.value(json.getValueAsString(""));
      expect(json.nextToken(), JsonToken.END_ARRAY, "a [time, \"value\"] pair");
      return new RangeSeries.Point(time, value);
    }

    private void add(RangeSeries one) throws TooLarge {
      if (series.size() == limits.series()) {
        throw new TooLarge("more than " + limits.series() + " series");
      }
      series.add(one);
    }

    private void expect(JsonToken token, JsonToken expected, String what) throws IOException {
      if (token != expected) {
        throw new Malformed("expected " + what + " to be " + expected + ", found " + token, null);
      }
    }
  }

  /** A value as Prometheus writes it: a decimal string, or NaN, +Inf and -Inf as such. */
  static double value(String text) throws Malformed {
    switch (text) {
      case "NaN":
        return Double.NaN;
      case "+Inf":
        return Double.POSITIVE_INFINITY;
      case "-Inf":
        return Double.NEGATIVE_INFINITY;
      default:
        try {
          return Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw new Malformed("not a sample value: " + BoundedText.of(text, 64), e);
        }
    }
  }
}
