import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** Who may read /metrics: the scraper's addresses, or whoever holds the token. */
export interface MetricsAccess {
  /** Addresses and subnets (`10.0.0.0/8`, `fd00::/8`) whose direct requests are answered. */
  allow: string[];
  /** A bearer token that opens /metrics from anywhere; unset: only the listed addresses. */
  token?: string;
}

export const DEFAULT_METRICS_ALLOW = ['127.0.0.1', '::1'];

/** The answer to a /metrics request: shown, hidden as if there were no such page (404), or refused (403, a wrong token). */
export type MetricsVerdict = 'allow' | 'hide' | 'refuse';

/** Headers a proxy adds: a request carrying one came through it, and its socket's address is the proxy's, not the caller's. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** Parses the allow list; throws with the entry that is neither an address nor a subnet. */
export function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`"${entry}" is not an IP address or subnet`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has no valid prefix length`);
    list.addSubnet(address, prefix, type);
  }
  return list;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Decides a /metrics request. A bearer token decides alone when one is sent: the right one opens, any other is refused.
 * Without one, the socket's address must be on the list and the request must not have come through a proxy: behind
 * a proxy on the same machine every visitor's request would otherwise arrive from loopback.
 */
export function metricsAccess(
  access: MetricsAccess,
): (remoteAddress: string | undefined, headers: Record<string, string | string[] | undefined>) => MetricsVerdict {
  const list = allowList(access.allow);
  const expected = access.token ? digest(access.token) : null;
  return (remoteAddress, headers) => {
    const authorization = headers.authorization;
    if (typeof authorization === 'string' && /^bearer /i.test(authorization)) {
      return expected && timingSafeEqual(digest(authorization.slice(7).trim()), expected) ? 'allow' : 'refuse';
    }
    if (FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) return 'hide';
    if (!remoteAddress) return 'hide';
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
    const address = mapped?.[1] ?? remoteAddress;
    return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') ? 'allow' : 'hide';
  };
}
