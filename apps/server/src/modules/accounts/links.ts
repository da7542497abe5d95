import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AccountLinksTable } from '../../db/schema.js';

export type LinkPurpose = AccountLinksTable['purpose'];

/** How long a mailed link works (docs/api.md: 48 hours to verify an email, one hour to reset a password). */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  verify_email: 48 * 3600_000,
  password_reset: 3600_000,
};

/** The page of the web app each link opens; the token travels in the fragment, never to a server log. */
export const LINK_PAGE: Record<LinkPurpose, string> = {
  verify_email: '/verify-email',
  password_reset: '/reset-password',
};

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface LinkTokens {
  /** The token of link `id`: the id and a MAC over purpose and id (nothing secret is stored). */
  token(purpose: LinkPurpose, id: string): string;
  /** The link id a token names, if its MAC is right for the purpose; otherwise undefined. */
  read(purpose: LinkPurpose, token: string): string | undefined;
  /** The full address of the link on the shop's configured address, to mail or to log. */
  url(purpose: LinkPurpose, id: string): string;
}

/**
 * Tokens of the mailed links, signed with the key derived for them ('account-links'), in links
 * on `publicUrl` (configuration's PUBLIC_URL: never a request's Host).
 */
export function linkTokens(key: Uint8Array, publicUrl: string): LinkTokens {
  const mac = (purpose: LinkPurpose, id: string) =>
    createHmac('sha256', key).update(`${purpose}:${id}`).digest();
  const token = (purpose: LinkPurpose, id: string) => `${id}.${mac(purpose, id).toString('base64url')}`;
  return {
    token,
    read(purpose, value) {
      const [id, signature, ...rest] = value.split('.');
      if (!id || !signature || rest.length > 0 || !ID.test(id)) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(purpose, id);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return id;
    },
    url: (purpose, id) => `${publicUrl}${LINK_PAGE[purpose]}#token=${token(purpose, id)}`,
  };
}

/** The page of the web app a company invitation's link opens (docs/api.md). */
export const INVITATION_PAGE = '/invitations';

export interface InvitationTokens {
  /** The invitation's token: 32 bytes (base64url) no one can make without the key. */
  token(invitationId: string): string;
  /** What the database keeps of a token: its SHA-256 (hex), to find the invitation by. */
  hash(token: string): string;
  /** The full address of the invitation's link on the shop's configured address, to mail or to log. */
  url(invitationId: string): string;
}

/**
 * Tokens of company invitations, made with the account links' key (the message names the use, so
 * a token of one kind is never one of another). The token is made again when the mail is sent, so
 * neither the invitation nor the outbox holds it; the invitation keeps only its hash.
 */
export function invitationTokens(key: Uint8Array, publicUrl: string): InvitationTokens {
  const token = (id: string) =>
    createHmac('sha256', key).update(`company_invitation:${id}`).digest('base64url');
  return {
    token,
    hash: (value) => createHash('sha256').update(value).digest('hex'),
    url: (id) => `${publicUrl}${INVITATION_PAGE}#token=${token(id)}`,
  };
}
