package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/**
 * Writes Strimzi resources as {@code kafka.strimzi.io/v1}. The io.strimzi:api 0.50.0 classes are
 * annotated with the deprecated {@code v1beta2} and keep that version whatever the builder is told,
 * so the built object is sent as a generic resource under {@code v1}, whose schema the API server
 * then enforces.
 */
public final class StrimziV1 {

  /** Group of every Strimzi resource. */
  public static final String GROUP = "kafka.strimzi.io";

  /** The API version Streamgauge writes. */
  public static final String VERSION = "v1";

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private StrimziV1() {}

  /** The same object as a generic {@code kafka.strimzi.io/v1} resource. */
  public static GenericKubernetesResource asV1(HasMetadata resource) {
    GenericKubernetesResource generic =
        SERIALIZATION.convertValue(resource, GenericKubernetesResource.class);
    generic.setApiVersion(GROUP + "/" + VERSION);
    return generic;
  }

  /** Strimzi's {@code Kafka} resources. */
  public static final ResourceDefinitionContext KAFKA = context("Kafka", "kafkas");

  /** Strimzi's {@code KafkaNodePool} resources. */
  public static final ResourceDefinitionContext NODE_POOL =
      context("KafkaNodePool", "kafkanodepools");

  /** Strimzi's {@code KafkaTopic} resources. */
  public static final ResourceDefinitionContext TOPIC = context("KafkaTopic", "kafkatopics");

  /** Where resources of {@code kind} (plural {@code plural}) live under v1. */
  public static ResourceDefinitionContext context(String kind, String plural) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(GROUP)
        .withVersion(VERSION)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(true)
        .build();
  }
}
