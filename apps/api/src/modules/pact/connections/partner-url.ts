import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which partner URLs the server may call (a connection's base and token URLs, and the pages a partner links to).
 * The server makes these requests itself, so an address inside our own network (loopback, private ranges, the cloud
 * metadata service at 169.254.169.254) would let a user read what only the server can reach. Unless
 * PACT_ALLOW_INSECURE_URLS is set (tests, a partner on the same network), only https:// to public addresses. The
 * check runs when a connection is saved and again before every call, because a name can resolve elsewhere later.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
const mappedIpv4 = (address: string) => address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1] ?? null;

/** True for an address the server must not call on a partner's behalf. */
export const isNonPublicAddress = (address: string): boolean => {
  const v4 = mappedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
};

export type UrlPolicy = { allowInsecure: boolean };

/** Why the URL may not be called, in words for the person who typed it; null when it may. Resolves the host. */
export const partnerUrlProblem = async (raw: string, policy: UrlPolicy): Promise<string | null> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, such as https://pact.example.com.';
  }
  if (url.protocol !== 'https:' && !(policy.allowInsecure && url.protocol === 'http:'))
    return `Use an https:// URL (this one starts with ${url.protocol}//).`;
  if (url.username || url.password) return 'Leave user names and passwords out of the URL: the credentials go in their own fields.';
  if (url.hash) return 'Leave the #fragment out of the URL.';
  if (policy.allowInsecure) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `The host "${host}" could not be found (DNS).`;
    }
  }
  if (addresses.length === 0) return `The host "${host}" could not be found (DNS).`;
  const inner = addresses.find(isNonPublicAddress);
  if (inner) return `The host "${host}" resolves to ${inner}, an address that is not public (loopback, private or link-local).`;
  return null;
};

/** `<base>/<path>` with exactly one slash between them; the base's query is dropped. */
export const joinUrl = (base: string, path: string): string =>
  `${base.replace(/[?#].*$/, '').replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
