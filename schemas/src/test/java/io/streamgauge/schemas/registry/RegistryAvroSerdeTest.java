package io.streamgauge.schemas.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The serde's bytes against Confluent's published wire format, and its requests against a registry
 * that records them (a stand-in for the REST API's two calls; the real registry is used by the load
 * generator's and the app's integration tests).
 */
class RegistryAvroSerdeTest {

  private static final Schema POINT =
      SchemaBuilder.record("Point")
          .namespace("test")
          .fields()
          .requiredInt("x")
          .requiredString("label")
          .endRecord();

  private HttpServer registry;
  private final List<String> requests = new ArrayList<>();

  @BeforeEach
  void startRegistry() throws IOException {
    registry = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    registry.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
          String answer;
          int status = 200;
          if (exchange.getRequestURI().getPath().equals("/subjects/points-value/versions")) {
            assertThat(body).contains("\\\"name\\\":\\\"Point\\\"");
            answer = "{\"id\":4242}";
          } else if (exchange.getRequestURI().getPath().equals("/schemas/ids/4242")) {
            answer =
                "{\"schema\":"
                    + new com.fasterxml.jackson.databind.ObjectMapper()
                        .writeValueAsString(POINT.toString())
                    + "}";
          } else {
            status = 404;
            answer = "{\"error_code\":40403,\"message\":\"Schema not found\"}";
          }
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    registry.start();
  }

  @AfterEach
  void stopRegistry() {
    registry.stop(0);
  }

  private RegistryAvroSerde serde() {
    RegistryAvroSerde serde = new RegistryAvroSerde();
    serde.configure(
        Map.of(RegistryAvroSerde.URL_CONFIG, "http://127.0.0.1:" + registry.getAddress().getPort()),
        false);
    return serde;
  }

  private static GenericRecord point(int x, String label) {
    GenericRecord record = new GenericData.Record(POINT);
    record.put("x", x);
    record.put("label", label);
    return record;
  }

  @Test
  void bytesAreMagicZeroTheIdBigEndianThenPlainAvroBinary() throws IOException {
    byte[] framed = serde().serialize("points", point(-3, "a"));

    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(plain, null);
    new GenericDatumWriter<GenericRecord>(POINT).write(point(-3, "a"), encoder);
    encoder.flush();
    ByteBuffer expected = ByteBuffer.allocate(5 + plain.size());
    expected.put((byte) 0).putInt(4242).put(plain.toByteArray());
    assertThat(framed).isEqualTo(expected.array());
    // 4242 = 0x00001092, big-endian; x = -3 zig-zags to 5; "a" is length 1 (zig-zag 2) then 'a'.
    assertThat(framed).containsExactly(0, 0, 0, 0x10, 0x92 - 256, 5, 2, 'a');
  }

  @Test
  void registersOnceAndReadsTheSchemaOnceWhateverTheRecordCount() {
    RegistryAvroSerde writer = serde();
    RegistryAvroSerde reader = serde();
    List<GenericRecord> read = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      read.add(reader.deserialize("points", writer.serialize("points", point(i, "p" + i))));
    }
    assertThat(read).extracting(r -> r.get("x")).containsExactlyElementsOf(range(100));
    assertThat(read.get(7).get("label").toString()).isEqualTo("p7");
    assertThat(requests)
        .containsExactly("POST /subjects/points-value/versions", "GET /schemas/ids/4242");
    assertThat(writer.client().requests()).isEqualTo(1);
    assertThat(reader.client().requests()).isEqualTo(1);
  }

  @Test
  void withoutAutoRegisterTheSchemaIsLookedUpUnderItsSubject() {
    RegistryAvroSerde serde = new RegistryAvroSerde();
    serde.configure(
        Map.of(
            RegistryAvroSerde.URL_CONFIG,
            "http://127.0.0.1:" + registry.getAddress().getPort(),
            RegistryAvroSerde.AUTO_REGISTER_CONFIG,
            "false"),
        false);
    assertThatThrownBy(() -> serde.serialize("points", point(1, "x")))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessageContaining("answered 404 to subjects/points-value: Schema not found");
  }

  @Test
  void bytesNotInTheWireFormatAreRefusedSayingWhy() {
    assertThatThrownBy(() -> serde().deserialize("points", new byte[] {1, 0, 0, 0, 1, 2}))
        .isInstanceOf(SerializationException.class)
        .hasMessage(
            "topic points: not in the schema registry's wire format: magic byte 1, expected 0");
    assertThatThrownBy(() -> serde().deserialize("points", new byte[] {0, 0}))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("2 bytes, at least 5");
  }

  @Test
  void anUnreachableRegistryIsNamed() {
    RegistryAvroSerde serde = new RegistryAvroSerde();
    serde.configure(Map.of(RegistryAvroSerde.URL_CONFIG, "http://127.0.0.1:1"), false);
    assertThatThrownBy(() -> serde.serialize("points", point(1, "x")))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessageStartingWith("schema registry http://127.0.0.1:1/ unreachable");
  }

  private static List<Integer> range(int n) {
    List<Integer> list = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      list.add(i);
    }
    return list;
  }
}
