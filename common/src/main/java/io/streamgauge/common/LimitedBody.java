package io.streamgauge.common;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * An HTTP response body read as a string, but never more than a limit: an endpoint that answers
 * without end (a wrong URL, a hostile server) fails the call with an {@link IOException} instead of
 * filling the heap of the process that asked.
 */
public final class LimitedBody implements HttpResponse.BodySubscriber<String> {

  private final long limit;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CompletableFuture<String> body = new CompletableFuture<>();
  private Flow.Subscription subscription;

  private LimitedBody(long limit) {
    this.limit = limit;
  }

  /** A handler reading each body as UTF-8, failing the call past {@code limit} bytes. */
  public static HttpResponse.BodyHandler<String> ofString(long limit) {
    return info -> new LimitedBody(limit);
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (body.isDone()) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      if (bytes.size() + (long) buffer.remaining() > limit) {
        subscription.cancel();
        body.completeExceptionally(
            new IOException("the answer is longer than " + limit + " bytes; not read further"));
        return;
      }
      byte[] chunk = new byte[buffer.remaining()];
      buffer.get(chunk);
      bytes.writeBytes(chunk);
    }
  }

  @Override
  public void onError(Throwable error) {
    body.completeExceptionally(error);
  }

  @Override
  public void onComplete() {
    body.complete(bytes.toString(StandardCharsets.UTF_8));
  }

  @Override
  public CompletionStage<String> getBody() {
    return body;
  }
}
