package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Which nodes each part of a run is scheduled on. */
public class PlacementSpec {

  @JsonPropertyDescription("Placement of the Kafka nodes.")
  private PodPlacement kafka;

  @JsonPropertyDescription("Placement of the app under test (ideally a node of its own).")
  private PodPlacement app;

  @JsonPropertyDescription(
      "Placement of the load generators and the latency consumer, which always share a node so"
          + " they share a clock.")
  private PodPlacement clients;

  public PodPlacement getKafka() {
    return kafka;
  }

  public void setKafka(PodPlacement kafka) {
    this.kafka = kafka;
  }

  public PodPlacement getApp() {
    return app;
  }

  public void setApp(PodPlacement app) {
    this.app = app;
  }

  public PodPlacement getClients() {
    return clients;
  }

  public void setClients(PodPlacement clients) {
    this.clients = clients;
  }
}
