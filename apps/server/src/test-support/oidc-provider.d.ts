export interface ProviderAccount {
    email: string;
    email_verified: boolean;
    name: string;
}
export interface LocalOpenIdProvider {
    issuer: string;
    clientId: string;
    clientSecret: string;
    /** Who signs in at the provider, by account id. */
    accounts: Map<string, ProviderAccount>;
    /**
     * Plays the person at the provider: follows `authorizationUrl`, signs in as `accountId`,
     * consents, and returns the URL the provider sends the browser back to (the shop's callback).
     */
    signIn(authorizationUrl: string, accountId: string): Promise<URL>;
    close(): Promise<void>;
}
/** A real OpenID Provider (node-oidc-provider) on a free local port, with one client: the shop. */
export declare function startOpenIdProvider(redirectUri: string): Promise<LocalOpenIdProvider>;
