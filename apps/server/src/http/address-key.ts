import ipaddr from 'ipaddr.js';

/**
 * The address a limit per address counts a request under (`request.ip`, the client's address
 * behind a trusted proxy). An IPv6 address counts as its /64: one customer's line or network gets a
 * /64 at least and picks any address in it at will, so each address counted alone would be no
 * limit at all. IPv4 counts one address at a time, and so does IPv4 written as IPv6
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports it): as the IPv4 address itself.
 * Parsing is ipaddr.js's (Fastify's proxy-addr uses it too); anything it cannot read is kept as
 * it is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (!(address instanceof ipaddr.IPv6)) return address.toString();
  const network = new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
