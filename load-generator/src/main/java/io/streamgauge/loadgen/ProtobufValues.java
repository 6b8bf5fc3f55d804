package io.streamgauge.loadgen;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Message;
import io.streamgauge.schemas.advanced.AdvancedMix;
import io.streamgauge.schemas.advanced.ClickStream;
import io.streamgauge.schemas.advanced.Order;
import io.streamgauge.schemas.advanced.ProductUpdate;
import io.streamgauge.schemas.advanced.UserEvent;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The {@code protobuf} profile: the stateless-advanced scenario's input messages, their routing
 * fields following {@link AdvancedMix} over this generator's n-th record (so the topology's split
 * and filter counts are known), ids drawn at random, and a {@code payload} of random bytes that
 * brings each serialized message to the drawn size (one byte short where the payload's length
 * prefix grows; never below the message without payload).
 */
final class ProtobufValues implements ValueGenerator {

  /** The messages, as the workload names them. */
  enum MessageKind {
    USER_EVENT("user-event"),
    PRODUCT_UPDATE("product-update"),
    ORDER("order"),
    CLICK_STREAM("click-stream");

    private final String wireName;

    MessageKind(String wireName) {
      this.wireName = wireName;
    }

    static Optional<MessageKind> find(String name) {
      return Arrays.stream(values()).filter(m -> m.wireName.equals(name)).findFirst();
    }

    static MessageKind of(String name) {
      return find(name)
          .orElseThrow(() -> new IllegalArgumentException("unknown protobuf message " + name));
    }

    static List<String> names() {
      return Arrays.stream(values()).map(m -> m.wireName).toList();
    }
  }

  private static final String[] EVENT_TYPES = {"view", "search", "add-to-cart", "review"};
  private static final String[] PAGES = {"/", "/search", "/product", "/cart", "/checkout"};
  private static final int TAG_KINDS = 50;
  private static final int IDS = 10_000;

  private final MessageKind message;
  private final SizeDistribution sizes;
  private final byte[] pool;
  private long n;

  ProtobufValues(MessageKind message, SizeDistribution sizes, byte[] pool) {
    this.message = message;
    this.sizes = sizes;
    this.pool = pool;
  }

  @Override
  public byte[] next(RandomGenerator random) {
    int size = sizes.next(random);
    long index = n++;
    return switch (message) {
      case USER_EVENT -> {
        UserEvent.Builder b =
            UserEvent.newBuilder()
                .setUserId(id("user", random))
                .setEventType(EVENT_TYPES[random.nextInt(EVENT_TYPES.length)])
                .setPriority(AdvancedMix.priority(index));
        addTags(AdvancedMix.tags(index), random, b::addTags);
        yield sized(b.build(), size, random, p -> b.setPayload(p).build());
      }
      case PRODUCT_UPDATE -> {
        ProductUpdate.Builder b =
            ProductUpdate.newBuilder()
                .setProductId(id("product", random))
                .setPriority(AdvancedMix.priority(index))
                .setPriceCents(100 + random.nextInt(100_000));
        addTags(AdvancedMix.tags(index), random, b::addTags);
        yield sized(b.build(), size, random, p -> b.setPayload(p).build());
      }
      case ORDER -> {
        Order.Builder b =
            Order.newBuilder()
                .setOrderId("order-" + index)
                .setCustomerId(id("customer", random))
                .setAmountCents(100 + random.nextInt(1_000_000))
                .setCancelled(AdvancedMix.cancelled(index));
        yield sized(b.build(), size, random, p -> b.setPayload(p).build());
      }
      case CLICK_STREAM -> {
        ClickStream.Builder b =
            ClickStream.newBuilder()
                .setSessionId(id("session", random))
                .setCustomerId(id("customer", random))
                .setPage(PAGES[random.nextInt(PAGES.length)])
                .setBot(AdvancedMix.bot(index));
        yield sized(b.build(), size, random, p -> b.setPayload(p).build());
      }
    };
  }

  private static String id(String kind, RandomGenerator random) {
    return kind + "-" + random.nextInt(IDS);
  }

  private static void addTags(int count, RandomGenerator random, Consumer<String> add) {
    for (int i = 0; i < count; i++) {
      add.accept("tag-" + random.nextInt(TAG_KINDS));
    }
  }

  /** {@code bare} completed with the payload that brings it closest to {@code size} bytes. */
  private byte[] sized(
      Message bare, int size, RandomGenerator random, Function<ByteString, Message> withPayload) {
    int room = size - bare.getSerializedSize();
    // The payload field costs its tag (1 byte), its length (a varint) and the bytes.
    int length = Math.max(0, room - 2);
    while (length > 0 && 1 + CodedOutputStream.computeUInt32SizeNoTag(length) + length > room) {
      length--;
    }
    int offset = random.nextInt(pool.length - length + 1);
    return withPayload.apply(ByteString.copyFrom(pool, offset, length)).toByteArray();
  }
}
