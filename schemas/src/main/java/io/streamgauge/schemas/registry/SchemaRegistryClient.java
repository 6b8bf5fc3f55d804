package io.streamgauge.schemas.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.Schema;

/**
 * A client of a schema registry's Confluent REST API (Confluent's, Karapace, Apicurio's
 * Confluent-compatible API, AxonOps'): registers or looks up a schema under a subject and fetches a
 * schema by id, each answer cached for the client's life, so a schema costs one request per process
 * however many records use it.
 */
public final class SchemaRegistryClient {

  private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI base;
  private final HttpClient http;
  private final Map<String, Integer> idsBySubjectAndSchema = new ConcurrentHashMap<>();
  private final Map<Integer, Schema> schemasById = new ConcurrentHashMap<>();
  private final AtomicLong requests = new AtomicLong();

  /**
   * @param url the registry's base URL, e.g. {@code http://localhost:8081}; the first of a
   *     comma-separated list, as Confluent's {@code schema.registry.url} allows
   */
  public SchemaRegistryClient(String url) {
    String first = url.split(",")[0].trim();
    this.base = URI.create(first.endsWith("/") ? first : first + "/");
    if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme())) {
      throw new IllegalArgumentException(
          "schema.registry.url: needs an http:// or https:// URL, got \"" + url + "\"");
    }
    this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  }

  /** The registry's base URL. */
  public URI url() {
    return base;
  }

  /** Requests sent to the registry so far (cached answers cost none). */
  public long requests() {
    return requests.get();
  }

  /**
   * The id of {@code schema} under {@code subject}: registered there if {@code register}, else
   * looked up (the schema must be registered already).
   *
   * @throws SchemaRegistryException when the registry refuses or cannot be reached
   */
  public int id(String subject, Schema schema, boolean register) {
    String key = subject + '\n' + schema.toString();
    Integer cached = idsBySubjectAndSchema.get(key);
    if (cached != null) {
      return cached;
    }
    String body;
    try {
      body = JSON.writeValueAsString(Map.of("schema", schema.toString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String path = "subjects/" + URLEncoder.encode(subject, StandardCharsets.UTF_8);
    JsonNode answer = send(register ? path + "/versions" : path, body);
    int id = answer.path("id").asInt(-1);
    if (id < 0) {
      throw new SchemaRegistryException(
          "schema registry " + base + ": no id in the answer for subject " + subject);
    }
    idsBySubjectAndSchema.put(key, id);
    schemasById.putIfAbsent(id, schema);
    return id;
  }

  /**
   * The schema registered with {@code id}.
   *
   * @throws SchemaRegistryException when the registry does not know it or cannot be reached
   */
  public Schema schema(int id) {
    Schema cached = schemasById.get(id);
    if (cached != null) {
      return cached;
    }
    JsonNode answer = send("schemas/ids/" + id, null);
    String text = answer.path("schema").asText("");
    if (text.isEmpty()) {
      throw new SchemaRegistryException(
          "schema registry " + base + ": no schema in the answer for id " + id);
    }
    Schema schema = new Schema.Parser().parse(text);
    schemasById.put(id, schema);
    return schema;
  }

  private JsonNode send(String path, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT).header("Accept", CONTENT_TYPE);
    if (body != null) {
      request.header("Content-Type", CONTENT_TYPE).POST(HttpRequest.BodyPublishers.ofString(body));
    }
    requests.incrementAndGet();
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new SchemaRegistryException(
          "schema registry " + base + " unreachable: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SchemaRegistryException("interrupted asking schema registry " + base, e);
    }
    if (response.statusCode() / 100 != 2) {
      throw new SchemaRegistryException(
          "schema registry "
              + base
              + " answered "
              + response.statusCode()
              + " to "
              + path
              + ": "
              + message(response.body()));
    }
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new SchemaRegistryException(
          "schema registry " + base + ": not JSON from " + path + ": " + e.getMessage(), e);
    }
  }

  /** The registry's own message ({@code {"error_code":..,"message":..}}), else the body. */
  private static String message(String body) {
    try {
      String message = JSON.readTree(body).path("message").asText("");
      return message.isEmpty() ? body : message;
    } catch (IOException e) {
      return body;
    }
  }
}
