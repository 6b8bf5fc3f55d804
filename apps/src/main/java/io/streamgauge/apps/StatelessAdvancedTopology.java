package io.streamgauge.apps;

import com.google.protobuf.Message;
import io.streamgauge.schemas.advanced.ClickStream;
import io.streamgauge.schemas.advanced.CustomerActivity;
import io.streamgauge.schemas.advanced.Order;
import io.streamgauge.schemas.advanced.Priority;
import io.streamgauge.schemas.advanced.ProductUpdate;
import io.streamgauge.schemas.advanced.TaggedEvent;
import io.streamgauge.schemas.advanced.UserEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;

/**
 * {@code stateless-advanced} (Protobuf records, {@code stateless_advanced.proto}), two stateless
 * topologies in one app:
 *
 * <ul>
 *   <li>A: user-events + product-updates → merge → flatMap, one {@code TaggedEvent} per tag keyed
 *       by the tag → repartition ({@code <application.id>-tagged-repartition}) → split by priority
 *       → events-priority-high, -normal, -low;
 *   <li>B: orders without the cancelled ones + click-streams without the bots' → a {@code
 *       CustomerActivity} keyed by customer id → merge → repartition ({@code
 *       <application.id>-customers-repartition}) → customer-activity.
 * </ul>
 *
 * Every derived record keeps its input's timestamp, so each sink's latency is measured from the
 * input record it came from.
 */
public final class StatelessAdvancedTopology implements ScenarioTopology {

  public static final String USER_EVENTS = "user-events";
  public static final String PRODUCT_UPDATES = "product-updates";
  public static final String ORDERS = "orders";
  public static final String CLICK_STREAMS = "click-streams";
  public static final String HIGH = "events-priority-high";
  public static final String NORMAL = "events-priority-normal";
  public static final String LOW = "events-priority-low";
  public static final String CUSTOMER_ACTIVITY = "customer-activity";

  private static final Serde<TaggedEvent> TAGGED = ProtobufSerde.of(TaggedEvent.parser());
  private static final Serde<CustomerActivity> ACTIVITY =
      ProtobufSerde.of(CustomerActivity.parser());

  @Override
  public String scenario() {
    return "stateless-advanced";
  }

  @Override
  public List<String> topicRoles() {
    return List.of(
        USER_EVENTS, PRODUCT_UPDATES, ORDERS, CLICK_STREAMS, HIGH, NORMAL, LOW, CUSTOMER_ACTIVITY);
  }

  @Override
  public Topology build(Map<String, String> topics) {
    StreamsBuilder builder = new StreamsBuilder();
    tagged(builder, topics);
    customerActivity(builder, topics);
    return builder.build();
  }

  private static void tagged(StreamsBuilder builder, Map<String, String> topics) {
    KStream<String, Message> users =
        builder.stream(
                topics.get(USER_EVENTS),
                Consumed.with(Serdes.String(), ProtobufSerde.of(UserEvent.parser())))
            .mapValues(v -> v);
    KStream<String, Message> products =
        builder.stream(
                topics.get(PRODUCT_UPDATES),
                Consumed.with(Serdes.String(), ProtobufSerde.of(ProductUpdate.parser())))
            .mapValues(v -> v);
    Produced<String, TaggedEvent> produced = Produced.with(Serdes.String(), TAGGED);
    users
        .merge(products)
        .flatMap((key, event) -> byTag(event))
        .repartition(Repartitioned.with(Serdes.String(), TAGGED).withName("tagged"))
        .split()
        .branch(
            (tag, e) -> e.getPriority() == Priority.HIGH,
            Branched.withConsumer(s -> s.to(topics.get(HIGH), produced)))
        .branch(
            (tag, e) -> e.getPriority() == Priority.NORMAL,
            Branched.withConsumer(s -> s.to(topics.get(NORMAL), produced)))
        .defaultBranch(Branched.withConsumer(s -> s.to(topics.get(LOW), produced)));
  }

  /** One tagged event per tag of a user event or product update, keyed by the tag. */
  static List<KeyValue<String, TaggedEvent>> byTag(Message event) {
    List<KeyValue<String, TaggedEvent>> out = new ArrayList<>();
    if (event instanceof UserEvent user) {
      for (String tag : user.getTagsList()) {
        out.add(
            KeyValue.pair(tag, tagged("user-event", user.getUserId(), tag, user.getPriority())));
      }
    } else if (event instanceof ProductUpdate product) {
      for (String tag : product.getTagsList()) {
        out.add(
            KeyValue.pair(
                tag, tagged("product-update", product.getProductId(), tag, product.getPriority())));
      }
    }
    return out;
  }

  private static TaggedEvent tagged(String source, String id, String tag, Priority priority) {
    return TaggedEvent.newBuilder()
        .setSource(source)
        .setId(id)
        .setTag(tag)
        .setPriority(priority)
        .build();
  }

  private static void customerActivity(StreamsBuilder builder, Map<String, String> topics) {
    KStream<String, CustomerActivity> orders =
        builder.stream(
                topics.get(ORDERS),
                Consumed.with(Serdes.String(), ProtobufSerde.of(Order.parser())))
            .filter((key, order) -> order != null && !order.getCancelled())
            .map(
                (key, order) ->
                    KeyValue.pair(
                        order.getCustomerId(),
                        CustomerActivity.newBuilder()
                            .setCustomerId(order.getCustomerId())
                            .setKind("order")
                            .setAmountCents(order.getAmountCents())
                            .build()));
    KStream<String, CustomerActivity> clicks =
        builder.stream(
                topics.get(CLICK_STREAMS),
                Consumed.with(Serdes.String(), ProtobufSerde.of(ClickStream.parser())))
            .filter((key, click) -> click != null && !click.getBot())
            .map(
                (key, click) ->
                    KeyValue.pair(
                        click.getCustomerId(),
                        CustomerActivity.newBuilder()
                            .setCustomerId(click.getCustomerId())
                            .setKind("click")
                            .setPage(click.getPage())
                            .build()));
    orders
        .merge(clicks)
        .repartition(Repartitioned.with(Serdes.String(), ACTIVITY).withName("customers"))
        .to(topics.get(CUSTOMER_ACTIVITY), Produced.with(Serdes.String(), ACTIVITY));
  }
}
