import { BlockList, isIP } from 'node:net';

/**
 * Who the client is behind a load balancer (decision 045). `PODO_TRUSTED_PROXIES` lists the
 * balancers' addresses and ranges; only a request whose direct peer is one of them has its
 * `X-Forwarded-For` read, from the right: each trusted proxy appends the address it saw, so the
 * rightmost hop that is not a trusted proxy is the client. Anything a client writes into the
 * header itself stands further left and is never reached. Default: no proxy is trusted and the
 * header is ignored.
 */
export interface TrustedProxies {
  readonly any: boolean;
  has(address: string): boolean;
}

/** One entry of the setting: an IPv4/IPv6 address or a CIDR range; null when it is neither. */
function parseEntry(entry: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= (version === 4 ? 32 : 128) ? { address, prefix, family } : null;
}

function entries(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The entries of the setting that are not an address or a range (for env.ts's message). */
export function invalidProxyEntries(raw: string | undefined): string[] {
  return entries(raw).filter((e) => parseEntry(e) === null);
}

export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const list = new BlockList();
  let any = false;
  for (const entry of entries(raw)) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`PODO_TRUSTED_PROXIES: ${entry}`);
    if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    any = true;
  }
  return {
    any,
    has(address) {
      const version = isIP(address);
      return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The client's address: the direct peer unless it is a trusted proxy, then the rightmost hop of
 * `X-Forwarded-For` that is not one. A hop that is not an address ends the walk at the last
 * believable one (a proxy), so a malformed header can only make the limits stricter.
 */
export function clientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string | null {
  if (!peer) return null;
  if (!trusted.any || !forwardedFor) return peer;
  let client = peer;
  const hops = forwardedFor.split(',').map((h) => h.trim());
  for (let i = hops.length - 1; i >= 0 && trusted.has(client); i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) break;
    client = hop;
  }
  return client;
}
