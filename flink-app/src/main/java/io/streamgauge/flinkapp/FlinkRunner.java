package io.streamgauge.flinkapp;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * One job on an embedded {@link MiniCluster}: a job manager and one task manager with a slot per
 * unit of parallelism, in this JVM (what a production deployment spreads over a JobManager pod and
 * TaskManager pods). Its REST endpoint listens on loopback only, on any free port.
 */
final class FlinkRunner implements AutoCloseable {

  private static final long ASK_SECONDS = 10;

  private final MiniCluster cluster;
  private JobID job;

  /**
   * @param slots task slots of the one task manager
   * @param options cluster options (memory and the like); the job's own go with the job
   */
  FlinkRunner(int slots, Configuration options) {
    Configuration configuration = new Configuration(options);
    configuration.setString("rest.bind-address", "127.0.0.1");
    configuration.setString("rest.address", "127.0.0.1");
    configuration.setString("rest.bind-port", "0");
    // The cluster lives in this process: its BLOB server and the task manager's endpoints are
    // reached from here only (Flink binds them on every interface by default).
    configuration.setString("jobmanager.bind-host", "127.0.0.1");
    configuration.setString("taskmanager.bind-host", "127.0.0.1");
    configuration.setString("taskmanager.host", "127.0.0.1");
    this.cluster =
        new MiniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(slots)
                .build());
  }

  /** Starts the cluster and submits {@code graph}. */
  void start(StreamGraph graph) throws Exception {
    cluster.start();
    job = cluster.submitJob(graph).get(ASK_SECONDS, TimeUnit.SECONDS).getJobID();
  }

  /** The job's status, or null before it was submitted or when the cluster does not answer. */
  JobStatus status() {
    if (job == null) {
      return null;
    }
    try {
      return cluster.getJobStatus(job).get(ASK_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      return null;
    }
  }

  /**
   * True when the job is RUNNING with every one of its tasks RUNNING: it reads, processes and
   * writes (a job is RUNNING while its tasks still deploy).
   */
  boolean allTasksRunning() {
    if (status() != JobStatus.RUNNING) {
      return false;
    }
    try {
      AccessExecutionGraph graph =
          cluster.getExecutionGraph(job).get(ASK_SECONDS, TimeUnit.SECONDS);
      for (AccessExecutionVertex vertex : graph.getAllExecutionVertices()) {
        if (vertex.getExecutionState() != ExecutionState.RUNNING) {
          return false;
        }
      }
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  /**
   * The job's status in words, with why it failed when it did: what a test that read too little
   * output says about the job.
   */
  String describe() {
    JobStatus status = status();
    if (status == null) {
      return job == null ? "not submitted" : "not answering";
    }
    if (!status.isGloballyTerminalState()) {
      return status + (allTasksRunning() ? ", every task running" : ", some task not running");
    }
    try {
      return status
          + cluster
              .requestJobResult(job)
              .get(ASK_SECONDS, TimeUnit.SECONDS)
              .getSerializedThrowable()
              .map(t -> ": " + t.getFullStringifiedStackTrace())
              .orElse("");
    } catch (Exception e) {
      return status + " (its result did not come: " + e + ")";
    }
  }

  /**
   * Blocks until the job has ended (finished, failed or cancelled).
   *
   * @return why it failed, or empty when it did not
   */
  Optional<Throwable> awaitEnd() throws Exception {
    JobResult result = cluster.requestJobResult(job).get();
    return result.getSerializedThrowable().map(t -> t);
  }

  @Override
  public void close() throws Exception {
    if (job != null && status() != null && !status().isGloballyTerminalState()) {
      cluster.cancelJob(job).get(ASK_SECONDS, TimeUnit.SECONDS);
    }
    cluster.close();
  }
}
