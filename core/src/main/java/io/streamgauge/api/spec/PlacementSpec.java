package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/** Which nodes each part of a run is scheduled on. */
@Getter
@Setter
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

  @JsonPropertyDescription(
      "How an app of several instances (app.replicas) is spread over the nodes (by"
          + " kubernetes.io/hostname). Preferred (default): each instance on a node of its own"
          + " where the cluster has one, else sharing. Required: each instance on a node no other"
          + " instance runs on; an instance that finds none stays unschedulable and fails the run."
          + " None: placed as any pods. Ignored for one instance and in local mode.")
  private AppSpread appSpread;
}
