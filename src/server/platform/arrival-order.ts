/**
 * Requests started in the order they arrived, one per turn of the event loop (decision 084).
 *
 * Node's HTTP server starts every request the poll phase read at once, one after another, and polls
 * again only when they are done. The answer written last in a turn reaches its client just after
 * that poll has begun: the client's next request misses it and waits a whole turn, and in the next
 * turn the kernel lists it behind the sockets that stayed ready, so it is served last again. Under
 * steady load one connection in ten then waits two turns instead of one, and the slowest tenth of
 * the answers take twice as long as the others (measured with a handler that does nothing but
 * 3.3 ms of work: p50 31 ms, p90 61 ms at 10 connections; started here, 34 and 36 ms).
 *
 * Here a request is only queued when it is read; one queued request starts per turn (`setImmediate`,
 * after the poll phase), so the requests read by the poll between two starts join the queue in the
 * order they came, and a request never waits for one that came after it. A request whose work is
 * not done when its handler returns (it waits for a file or a network answer) does not hold the
 * queue: the next one starts in the next turn all the same. A request whose client has gone while it
 * waited is not started.
 */

type Start<A extends unknown[]> = (...args: A) => unknown;

/** A queued request whose connection the client has already closed. */
export interface MayBeGone {
  socket?: { destroyed?: boolean } | null;
}

/**
 * `handle` behind a queue in arrival order: each call is queued, and one queued call starts per
 * `defer` (setImmediate: a turn of the event loop). The first argument is the request: one whose
 * socket is destroyed by its turn is dropped.
 */
export function inArrivalOrder<A extends [MayBeGone, ...unknown[]]>(
  handle: Start<A>,
  defer: (run: () => void) => void = setImmediate,
): (...args: A) => void {
  const waiting: A[] = [];
  let scheduled = false;
  const startNext = (): void => {
    scheduled = false;
    let args = waiting.shift();
    while (args !== undefined && args[0].socket?.destroyed === true) args = waiting.shift();
    try {
      if (args !== undefined) handle(...args);
    } finally {
      // scheduled after the handler, so what it set off in this turn (its own immediates) goes first
      if (waiting.length > 0) {
        scheduled = true;
        defer(startNext);
      }
    }
  };
  return (...args: A): void => {
    waiting.push(args);
    if (!scheduled) {
      scheduled = true;
      defer(startNext);
    }
  };
}
