/** The shop's strict Content-Security-Policy, as every answer but a Stripe payment page sends it. */
export const STRICT_POLICY =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: https:;font-src 'self' data:;" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** Helmet's headers with the shop's options, CSP aside. */
export const HELMET_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
