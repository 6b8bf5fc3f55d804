package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Which nodes each part of a run is scheduled on. */
public class PlacementSpec {

  @JsonPropertyDescription("Placement of the Kafka nodes.")
  private PodPlacement kafka;

  @JsonPropertyDescription("Placement of the app under test (ideally a node of its own).")
  private PodPlacement app;

  @JsonPropertyDescription(
      "Placement of the load generators and the latency consumer, which share a node so they"
          + " share a clock (see clientsCoLocation).")
  private PodPlacement clients;

  @JsonPropertyDescription(
      "Required (default): the load generators run only on the latency consumer's node, so send"
          + " and receive times come from one clock (a load pod that cannot fit there stays"
          + " unschedulable and fails the run). Preferred: the scheduler may place them elsewhere;"
          + " the result then says so (summary.latency.sharedClock: false).")
  private ClientCoLocation clientsCoLocation;

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

  public ClientCoLocation getClientsCoLocation() {
    return clientsCoLocation;
  }

  public void setClientsCoLocation(ClientCoLocation clientsCoLocation) {
    this.clientsCoLocation = clientsCoLocation;
  }

  public PodPlacement getClients() {
    return clients;
  }

  public void setClients(PodPlacement clients) {
    this.clients = clients;
  }
}
