/** Addresses of one IPv6 /64 (`prefix` its first four groups), a new one each call. */
export function oneNetwork(prefix: string) {
  let host = 0;
  const group = (n: number) => (n % 0x10000).toString(16);
  return () => {
    host++;
    return `${prefix}:${group(host)}:${group(host * 7919)}:${group(host * 31)}:1`;
  };
}
