import { hostname, type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/** Hosts that mean "every interface of this computer". */
const ANY = new Set(['0.0.0.0', '::', '']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

const hostPart = (address: string) => (address.includes(':') ? `[${address}]` : address);

/**
 * Where the server can be opened: first on this computer, then the addresses colleagues use (the computer's name and
 * each of its non-internal addresses; IPv6 link-local ones need a zone and are left out).
 */
export function officeUrls(
  protocol: 'http' | 'https',
  host: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
  computerName: string = hostname(),
): string[] {
  const url = (h: string) => `${protocol}://${hostPart(h)}:${port}`;
  if (!ANY.has(host)) return [url(host)];
  const addresses = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && !(i.family === 'IPv6' && i.address.toLowerCase().startsWith('fe80')))
    // IPv4 first: what people type.
    .sort((a, b) => (a.family === b.family ? 0 : a.family === 'IPv4' ? -1 : 1))
    .map((i) => url(i.address));
  const name = computerName && !LOOPBACK.has(computerName) ? [url(computerName)] : [];
  return [url('localhost'), ...name, ...new Set(addresses)];
}

/** How a command on this computer reaches the server (the backup command). */
export function loopbackUrl(protocol: 'http' | 'https', host: string, port: number): string {
  return `${protocol}://${hostPart(ANY.has(host) ? '127.0.0.1' : host === 'localhost' ? '127.0.0.1' : host)}:${port}`;
}
