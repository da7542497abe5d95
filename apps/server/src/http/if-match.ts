/**
 * Whether an `If-Match` header passes for this ETag (RFC 9110 §13.1.1): `*`, or a list of entity
 * tags one of which is the ETag by strong comparison (a weak tag never is).
 */
export function ifMatchPasses(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => tag === etag);
}
