import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { inArrivalOrder, type MayBeGone } from './arrival-order.ts';

/** A scheduler run by hand: `turn()` runs what was deferred before it, as one event-loop turn. */
function manualTurns() {
  let pending: (() => void)[] = [];
  return {
    defer: (run: () => void) => void pending.push(run),
    turn() {
      const now = pending;
      pending = [];
      for (const run of now) run();
    },
    get pending() {
      return pending.length;
    },
  };
}

const live = (name: string): [MayBeGone, string] => [{ socket: { destroyed: false } }, name];

describe('inArrivalOrder (decision 084)', () => {
  it('starts one request per turn, in the order they came, also those that came between two turns', () => {
    const turns = manualTurns();
    const started: string[] = [];
    const take = inArrivalOrder((_req: MayBeGone, name: string) => void started.push(name), turns.defer);
    take(...live('a'));
    take(...live('b'));
    expect(started).toEqual([]);
    expect(turns.pending).toBe(1);
    turns.turn();
    expect(started).toEqual(['a']);
    // read by the poll between two turns: behind b, before anything later
    take(...live('c'));
    turns.turn();
    take(...live('d'));
    turns.turn();
    turns.turn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.pending).toBe(0);
    // an idle queue starts the next request in the next turn
    take(...live('e'));
    turns.turn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('drops a request whose client left while it waited, and goes on after a handler that throws', () => {
    const turns = manualTurns();
    const started: string[] = [];
    const take = inArrivalOrder((_req: MayBeGone, name: string) => {
      started.push(name);
      if (name === 'throws') throw new Error('handler failed');
    }, turns.defer);
    take(...live('throws'));
    take({ socket: { destroyed: true } }, 'gone');
    take(...live('after'));
    expect(() => turns.turn()).toThrow('handler failed');
    turns.turn();
    expect(started).toEqual(['throws', 'after']);
    expect(turns.pending).toBe(0);
  });
});

describe('inArrivalOrder on a Node HTTP server', () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await new Promise((done) => (server ? server.close(() => done(undefined)) : done(undefined)));
    server = undefined;
  });

  /**
   * Two requests read by one poll: Node alone starts both in that poll phase, before anything the
   * first one set off; in arrival order the second waits for the next turn (the poll in between
   * would read a request that came meanwhile and queue it behind the second).
   */
  async function order(ordered: boolean): Promise<string[]> {
    const events: string[] = [];
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      events.push(`start ${req.url}`);
      setImmediate(() => events.push(`turn after ${req.url}`));
      res.end('ok');
    };
    server = createServer(ordered ? inArrivalOrder(handler) : handler);
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    const connected = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<Socket>((done) => {
            const s = connect(port, '127.0.0.1', () => done(s));
            sockets.push(s);
          }),
      ),
    );
    const [one, two] = connected as [Socket, Socket];
    // let the server take both connections before either sends
    await new Promise((done) => setTimeout(done, 50));
    const answered = Promise.all(
      [one, two].map((s) => new Promise((done) => s.once('data', () => done(undefined)))),
    );
    // both written in this turn: the server's next poll reads the two together
    one.write('GET /one HTTP/1.1\r\nHost: x\r\n\r\n');
    two.write('GET /two HTTP/1.1\r\nHost: x\r\n\r\n');
    await answered;
    await new Promise((done) => setImmediate(done));
    return events;
  }

  it('starts the second of two requests read together only in the turn after the first', async () => {
    expect(await order(true)).toEqual(['start /one', 'turn after /one', 'start /two', 'turn after /two']);
    // Node alone, the check this test would fail without
    expect(await order(false)).toEqual(['start /one', 'start /two', 'turn after /one', 'turn after /two']);
  });
});
