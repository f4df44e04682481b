import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { clientAddress, parseTrustedProxies } from './trusted-proxies.ts';

const nginx = parseTrustedProxies('127.0.0.1,10.0.0.0/8,::1');

describe('the client address behind trusted proxies (PODO_TRUSTED_PROXIES)', () => {
  it('with no trusted proxy (the default) the direct peer is the client, whatever the header says', () => {
    const none = parseTrustedProxies(undefined);
    expect(clientAddress('203.0.113.9', '198.51.100.1', none)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '198.51.100.1', none)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', undefined, parseTrustedProxies(''))).toBe('127.0.0.1');
  });

  it('ignores a spoofed X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.5, 198.51.100.1', nginx)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', '198.51.100.1', nginx)).toBe('::ffff:203.0.113.9');
  });

  it('takes the rightmost hop that is not a trusted proxy, so a client cannot choose its address', () => {
    // nginx appends the address it saw; whatever the client sent stands to the left of it
    expect(clientAddress('127.0.0.1', '198.51.100.1', nginx)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', '1.2.3.4, 198.51.100.1', nginx)).toBe('198.51.100.1');
    // a chain of trusted proxies (CDN edge → 10.x balancer → local nginx) is walked through
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.7, 10.0.0.3', nginx)).toBe('198.51.100.7');
    expect(clientAddress('::1', '2001:db8::5', nginx)).toBe('2001:db8::5');
  });

  it('keeps the proxy as the client when the header is missing, malformed or names only proxies', () => {
    expect(clientAddress('127.0.0.1', undefined, nginx)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '', nginx)).toBe('127.0.0.1');
    // garbage at the right end: not an address, so nothing further left can be believed
    expect(clientAddress('127.0.0.1', '198.51.100.1, not-an-ip', nginx)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '10.0.0.9, 10.0.0.3', nginx)).toBe('10.0.0.9');
  });

  it('answers null without a peer address', () => {
    expect(clientAddress(null, '198.51.100.1', nginx)).toBeNull();
  });

  it('the setting accepts addresses and CIDR ranges, and refuses anything else in Korean', () => {
    expect(loadEnv({ PODO_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8, fd00::/8' }).PODO_TRUSTED_PROXIES).toBe(
      '127.0.0.1, 10.0.0.0/8, fd00::/8',
    );
    expect(loadEnv({}).PODO_TRUSTED_PROXIES).toBe('');
    expect(() => loadEnv({ PODO_TRUSTED_PROXIES: 'nginx.internal' })).toThrow(
      /PODO_TRUSTED_PROXIES: .*nginx\.internal/,
    );
    expect(() => loadEnv({ PODO_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/PODO_TRUSTED_PROXIES/);
  });
});
