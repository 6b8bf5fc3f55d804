package io.streamgauge.platform;

/**
 * One running instance of a component: a pod on Kubernetes, a process in local mode.
 *
 * @param id what changes when the instance is replaced: the pod's uid, the process id
 * @param name the instance for messages, e.g. {@code Pod bench/wc-app-7d9f-x2k}
 * @param createdAt when it was created (RFC 3339), or null when unknown
 * @param node the node it runs on (local mode: this machine's name), or null when not yet placed
 */
public record ComponentInstance(String id, String name, String createdAt, String node) {}
