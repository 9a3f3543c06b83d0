// Types of scripts/oidc-test-provider.mjs, for the server's tests and the Playwright spec.

/** An account of the test provider: `sub` is its ORCID iD. */
export interface TestAccount {
  sub: string;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  /** `http://127.0.0.1:<port>`: the OIDC_ISSUER to point the server at. */
  issuer: string;
  /** The next logins complete as this account. */
  signInAs(account: TestAccount): void;
  /** The next token request is answered with this JSON text instead of the provider's own. */
  replaceNextTokenAnswer(body: string): void;
  close(): Promise<void>;
}

export function startTestProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<TestProvider>;

/** Follows a browser's redirects from `start` until one leads to `redirectUri`; returns it. */
export function followToCallback(start: string, redirectUri: string): Promise<string>;
