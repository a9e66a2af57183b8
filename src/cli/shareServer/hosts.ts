import { networkInterfaces } from 'node:os';
import { allowedHosts } from '../serve';

// Which Host values the share server answers (others get 421, as `msgscope open` does: docs/SECURITY.md).
// A DNS-rebinding page reaches the server under the attacker's own name and sends that name, so the rule is
// about names, not addresses: an IP literal can only be sent by a client that typed the address.

export const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

export interface HostRules {
  /** Names the server is reached by on the port it listens on: the loopback names are always among them. */
  listening: readonly string[];
  /** Names given with --allow-host, accepted as they are written (a reverse proxy's public name has no port) and with the port. */
  allowed: readonly string[];
}

/**
 * The names a server listening on `host` is reached by: the address or name given, or for a wildcard address
 * every address of the machine's interfaces (none of which a rebinding page can send as its Host).
 */
export function listeningNames(host: string): string[] {
  if (!WILDCARD_HOSTS.has(host)) return [host];
  return Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .map((info) => info.address);
}

export function isAllowedHost(header: string | undefined, port: number, rules: HostRules): boolean {
  if (header === undefined) return false;
  const host = header.toLowerCase();
  return allowedHosts(port, [...rules.listening, ...rules.allowed]).has(host) || rules.allowed.some((name) => name.toLowerCase() === host);
}
