import type { GoogleSignInProblem } from '@shop/contract/auth';
import type * as Oidc from 'openid-client';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/**
 * A failed Google sign-in: `code` goes to the web app (`/login?error=<code>`), which shows its own
 * text for it; `detail` is for the log.
 */
export class GoogleSignInError extends Error {
  constructor(
    readonly code: GoogleSignInProblem,
    readonly detail?: unknown,
  ) {
    super(code);
    this.name = 'GoogleSignInError';
  }
}

/** How long a person has between leaving for Google and coming back. */
export const FLOW_SECONDS = 600;
const FLOW_AUDIENCE = 'google-sign-in-flow';

interface Flow {
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
  from: string;
}

export interface GoogleIdentity {
  /** Google's subject: the account's one lasting name (its email may change). */
  sub: string;
  email: string;
  name: string;
}

/** jose signs and reads the flow's cookie: loaded with the first Google sign-in, as openid-client is. */
let jose: Promise<typeof import('jose')> | undefined;
const loadJose = () => (jose ??= import('jose'));

const loopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/**
 * Google sign-in with openid-client: authorization code with PKCE, state and nonce. What the
 * callback must check is carried by the browser in a short-lived cookie signed with the shop's
 * key, so any of several servers can finish a sign-in that another one started.
 */
export function googleSignIn(settings: GoogleSettings, key: Uint8Array) {
  // openid-client is loaded with the first Google sign-in: a shop without Google never holds it.
  let discovered: Promise<{ oidc: typeof Oidc; config: Oidc.Configuration }> | undefined;
  const configuration = () => {
    discovered ??= import('openid-client')
      .then(async (oidc) => ({
        oidc,
        config: await oidc.discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          undefined,
          // Plain http only for a provider on this machine (development and tests).
          loopback(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : {},
        ),
      }))
      .catch((error: unknown) => {
        discovered = undefined;
        throw new GoogleSignInError('google_unavailable', error);
      });
    return discovered;
  };

  return {
    /** The provider's authorization URL, and the signed flow to keep in the cookie. */
    async start(redirectUri: string, from: string): Promise<{ url: string; flow: string }> {
      const { oidc, config } = await configuration();
      const flow: Flow = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        redirectUri,
        from,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      const { SignJWT } = await loadJose();
      const signed = await new SignJWT({ ...flow })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(FLOW_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${FLOW_SECONDS}s`)
        .sign(key);
      return { url: url.href, flow: signed };
    },

    /** Checks the provider's answer against the flow and returns the verified identity. */
    async finish(query: string, signedFlow: string | undefined): Promise<GoogleIdentity & { from: string }> {
      const flow = await readFlow(signedFlow, key);
      const params = new URLSearchParams(query);
      if (params.get('error') === 'access_denied') throw new GoogleSignInError('google_cancelled');
      const { oidc, config } = await configuration();
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = query;
      let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new GoogleSignInError('google_failed', error);
      }
      const claims = tokens.claims();
      if (!claims) throw new GoogleSignInError('google_failed', 'no ID token');
      // Google puts the email in the ID token; other providers may keep it for the userinfo call.
      const profile =
        typeof claims.email === 'string'
          ? claims
          : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch((error: unknown) => {
              throw new GoogleSignInError('google_failed', error);
            });
      if (typeof profile.email !== 'string' || profile.email_verified !== true) {
        throw new GoogleSignInError('google_no_email');
      }
      const email = profile.email.trim().toLowerCase();
      const name = typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : email;
      return { sub: claims.sub, email, name: name.slice(0, 100), from: flow.from };
    },
  };
}

async function readFlow(signed: string | undefined, key: Uint8Array): Promise<Flow> {
  if (!signed) throw new GoogleSignInError('google_expired');
  try {
    const { jwtVerify } = await loadJose();
    const { payload } = await jwtVerify(signed, key, { algorithms: ['HS256'], audience: FLOW_AUDIENCE });
    const { verifier, state, nonce, redirectUri, from } = payload;
    if ([verifier, state, nonce, redirectUri, from].every((v) => typeof v === 'string')) {
      return { verifier, state, nonce, redirectUri, from } as Flow;
    }
  } catch (error) {
    throw new GoogleSignInError('google_expired', error);
  }
  throw new GoogleSignInError('google_expired');
}

export type GoogleSignIn = ReturnType<typeof googleSignIn>;
