package io.streamgauge.api.spec;

/** Patterns of the fields that name a Secret and one of its keys. */
final class SecretReference {

  /** A Secret's name: a DNS-1123 subdomain. */
  static final String NAME = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";

  /** A key of a Secret's data. */
  static final String KEY = "^[-._a-zA-Z0-9]+$";

  private SecretReference() {}
}
