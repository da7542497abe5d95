import type { FastifyRequest } from 'fastify';

/**
 * The shop's address for mailed links and Google's redirect back: PUBLIC_URL, else the address
 * this request came to (its Host header: a shop others reach sets PUBLIC_URL, so a forged Host
 * cannot aim links elsewhere).
 */
export const shopOrigin = (publicUrl: string | undefined, request: FastifyRequest) =>
  publicUrl ?? `${request.protocol}://${request.host}`;
