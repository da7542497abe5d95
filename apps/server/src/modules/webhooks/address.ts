import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../http/app-error.js';

/** What the operator allows beyond https:// URLs on public addresses (config `webhooks`). */
export interface TargetRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** Where a delivery connects: the URL, and the one checked address it goes to. */
export interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Only public unicast addresses: loopback, private, link-local, carrier-grade NAT, multicast,
 * reserved and the rest are refused. An IPv4 address written as IPv6 is judged as IPv4.
 */
function isPublic(address: string): boolean {
  return ipaddr.process(address).range() === 'unicast';
}

/** The URL as a webhook may use it, or why not (400 validation). */
export function webhookUrl(text: string, rules: TargetRules): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('url must be a URL such as https://erp.example.com/shop-events');
  }
  const schemes = rules.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw badRequest(`url must start with ${schemes.join(' or ')}//`);
  if (url.username || url.password) throw badRequest('url must not carry a user name or password');
  return url;
}

/**
 * Resolves the URL's host and checks every address it has (a name with one private address is
 * refused whole); answers the first, which the delivery then connects to, so a name that
 * resolves differently a moment later (DNS rebinding) cannot lead it elsewhere.
 */
export async function resolveTarget(url: URL, rules: TargetRules): Promise<Target> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const found = ipaddr.isValid(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw badRequest(`url's host ${host} does not resolve`);
      });
  const first = found[0];
  if (!first) throw badRequest(`url's host ${host} does not resolve`);
  if (!rules.allowPrivate && !found.every((a) => isPublic(a.address)))
    throw badRequest(`url's host ${host} is a loopback, private or link-local address`);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
