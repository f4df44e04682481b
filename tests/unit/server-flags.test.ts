import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hasServerFlags, SERVER_NODE_FLAGS } from '../../scripts/start.mjs';
import { serverNodeFlags } from '../bench/server.ts';

// Decision 066: the server's young generation is set on Node's command line, by `npm start` and
// the bench alike.
describe('the server process V8 flags', () => {
  it('sizes the young generation', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=64');
  });

  it('sees the flags given on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(hasServerFlags([], '')).toBe(false);
    expect(hasServerFlags(['--max-semi-space-size=64'], '')).toBe(true);
    expect(hasServerFlags([], '--max-semi-space-size=16')).toBe(true); // the user's value wins
    expect(hasServerFlags(['--max_semi_space_size=8'], '')).toBe(true);
    expect(hasServerFlags(['--max-old-space-size=512'], '--enable-source-maps')).toBe(false);
  });

  it('makes V8 size the new space when given on the command line', () => {
    const newSpaceMb = (flags: string[]) => {
      const r = spawnSync(
        process.execPath,
        [
          ...flags,
          '-e',
          // short-lived garbage until the new space has grown to its limit
          `let k=[];for(let i=0;i<4e6;i++){k.push({i});if(k.length>1e5)k=[]}
           const s=require('v8').getHeapSpaceStatistics().find(s=>s.space_name==='new_space');
           console.log(s.space_size/1048576)`,
        ],
        { encoding: 'utf8' },
      );
      return Number(r.stdout.trim());
    };
    expect(newSpaceMb(SERVER_NODE_FLAGS)).toBeGreaterThan(newSpaceMb([]));
  });

  it('starts the bench servers with the same flags unless BENCH_SERVER_FLAGS says otherwise', () => {
    expect(serverNodeFlags(undefined)).toEqual(SERVER_NODE_FLAGS);
    expect(serverNodeFlags('')).toEqual([]);
    expect(serverNodeFlags('--max-semi-space-size=64  --trace-gc')).toEqual([
      '--max-semi-space-size=64',
      '--trace-gc',
    ]);
  });
});
