import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteReactServer } from './react-string.ts';

describe("rewriteReactServer on the installed React integration's server renderer", () => {
  const dist = join(dirname(createRequire(import.meta.url).resolve('@astrojs/react/package.json')), 'dist');
  const id = join(dist, 'server.js');

  it('hands renderToString the island’s options (its id prefix), as the stream gets them', () => {
    const code = rewriteReactServer(id, readFileSync(id, 'utf8')) ?? '';
    expect(code).toContain('html = ReactDOM.renderToString(vnode, renderOptions);');
    expect(code).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix,/);
    // taken only when the integration is told to (astro.config.mjs: experimentalDisableStreaming)
    expect(code).toMatch(
      /if \(opts\.experimentalDisableStreaming\) \{\s*html = ReactDOM\.renderToString\(vnode, renderOptions\);/,
    );
  });

  it('leaves other files alone and fails loudly when the integration moved the text', () => {
    expect(rewriteReactServer(join(dist, 'client.js'), 'anything')).toBeUndefined();
    expect(() => rewriteReactServer(id, 'export default {}')).toThrow(/decision 081/);
  });
});
