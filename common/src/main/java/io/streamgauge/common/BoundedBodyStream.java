package io.streamgauge.common;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP response body read as a stream, never past a byte limit nor past a deadline: a reader
 * parses the answer as it arrives (nothing but what it keeps is held), and a server that answers
 * without end or a byte at a time fails the read with an {@link IOException} — {@link
 * LimitExceeded} past the limit — instead of filling the heap or holding the thread. The JDK
 * client's request timeout ends at the response's headers; this bounds the body too.
 *
 * <p>The body is asked for one chunk at a time, so a fast server waits on the reader; closing the
 * stream before its end cancels the rest of the answer.
 */
public final class BoundedBodyStream extends InputStream
    implements HttpResponse.BodySubscriber<InputStream> {

  /** A body longer than the limit. Not worth retrying: the same question gets the same answer. */
  public static final class LimitExceeded extends IOException {
    LimitExceeded(long limit) {
      super("the answer is longer than " + limit + " bytes; not read further");
    }
  }

  private static final List<ByteBuffer> END = List.of();

  private final long limit;
  private final long deadlineNanos;
  private final Duration within;
  private final BlockingQueue<List<ByteBuffer>> arrived = new LinkedBlockingQueue<>();
  private volatile Flow.Subscription subscription;
  private volatile Throwable failure;
  private Iterator<ByteBuffer> chunk = END.iterator();
  private ByteBuffer current;
  private long read;
  private boolean ended;

  private BoundedBodyStream(long limit, Duration within) {
    this.limit = limit;
    this.within = within;
    this.deadlineNanos = System.nanoTime() + within.toNanos();
  }

  /**
   * A handler whose body is a stream of at most {@code limit} bytes that must all have arrived
   * {@code within} of the response's headers.
   */
  public static HttpResponse.BodyHandler<InputStream> of(long limit, Duration within) {
    return info -> new BoundedBodyStream(limit, within);
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    subscription.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    arrived.add(buffers);
  }

  @Override
  public void onError(Throwable error) {
    failure = error;
    arrived.add(END);
  }

  @Override
  public void onComplete() {
    arrived.add(END);
  }

  @Override
  public CompletionStage<InputStream> getBody() {
    return CompletableFuture.completedFuture(this);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] into, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    while (current == null || !current.hasRemaining()) {
      if (ended) {
        return -1;
      }
      if (chunk.hasNext()) {
        current = chunk.next();
        continue;
      }
      List<ByteBuffer> next = nextArrived();
      if (next == END) {
        ended = true;
        if (failure != null) {
          throw new IOException(failure.getMessage(), failure);
        }
        return -1;
      }
      chunk = next.iterator();
      subscription.request(1);
    }
    int n = Math.min(length, current.remaining());
    if (read + n > limit) {
      close();
      throw new LimitExceeded(limit);
    }
    current.get(into, offset, n);
    read += n;
    return n;
  }

  private List<ByteBuffer> nextArrived() throws IOException {
    long left = deadlineNanos - System.nanoTime();
    List<ByteBuffer> next;
    try {
      next = left > 0 ? arrived.poll(left, TimeUnit.NANOSECONDS) : arrived.poll();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new IOException("interrupted reading the answer", e);
    }
    if (next == null) {
      close();
      throw new IOException(
          "the answer did not end within " + within.toMillis() + " ms (" + read + " bytes read)");
    }
    return next;
  }

  /** Cancels the rest of the answer if it has not ended. */
  @Override
  public void close() {
    if (!ended) {
      ended = true;
      Flow.Subscription s = subscription;
      if (s != null) {
        s.cancel();
      }
    }
  }
}
