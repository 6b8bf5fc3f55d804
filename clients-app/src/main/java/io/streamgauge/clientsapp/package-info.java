/**
 * The reference app written with Kafka's plain clients (a consumer, a transactional producer, its
 * own commit loop): stateless-simple under the app contract, for comparing runtimes. It depends on
 * the common contract code only, never on the benchmark's own modules.
 */
package io.streamgauge.clientsapp;
