import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../bench/server.ts';

// Decision 066: the bench can start its servers with V8 flags to compare them on one build; by
// default none, as `npm start` runs the server.
describe("the bench servers' V8 flags", () => {
  it('are none unless BENCH_SERVER_FLAGS gives some', () => {
    expect(serverNodeFlags(undefined)).toEqual([]);
    expect(serverNodeFlags('')).toEqual([]);
    expect(serverNodeFlags('--max-semi-space-size=64  --trace-gc')).toEqual([
      '--max-semi-space-size=64',
      '--trace-gc',
    ]);
  });
});
