import type { Config } from '../../config';
import type { ProviderProfile } from './provider-accounts';

export const PROVIDER_NAMES = ['google', 'github'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface OAuthProvider {
  name: ProviderName;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  emailsUrl?: string;
  scopes: string;
}

/** The providers that have a client id and secret; the others answer 'provider is not enabled'. */
export function configuredProviders(config: Config): Partial<Record<ProviderName, OAuthProvider>> {
  const providers: Partial<Record<ProviderName, OAuthProvider>> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.google = {
      name: 'google',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      authUrl: config.GOOGLE_AUTH_URL,
      tokenUrl: config.GOOGLE_TOKEN_URL,
      userinfoUrl: config.GOOGLE_USERINFO_URL,
      scopes: 'openid email profile',
    };
  }
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    providers.github = {
      name: 'github',
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      authUrl: config.GITHUB_AUTH_URL,
      tokenUrl: config.GITHUB_TOKEN_URL,
      userinfoUrl: config.GITHUB_USERINFO_URL,
      emailsUrl: config.GITHUB_EMAILS_URL,
      scopes: 'user:email',
    };
  }
  return providers;
}

export function providerAuthorizeUrl(
  provider: OAuthProvider,
  input: { redirectUri: string; state: string; extraScopes?: string },
): string {
  const url = new URL(provider.authUrl);
  const scopes = [provider.scopes, input.extraScopes].filter(Boolean).join(' ');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes);
  url.searchParams.set('state', input.state);
  if (provider.name === 'google') url.searchParams.set('access_type', 'online');
  return url.toString();
}

/** A provider answered something we cannot use; the message is safe to show. */
export class ProviderError extends Error {}

const TIMEOUT_MS = 10_000;

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', 'User-Agent': 'Barberly-Auth' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new ProviderError(`Error getting user profile from external provider (${res.status})`);
  return res.json();
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Code -> provider access token -> verified profile. */
export async function fetchProviderProfile(
  provider: OAuthProvider,
  input: { code: string; redirectUri: string },
): Promise<ProviderProfile> {
  const tokenRes = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const tokenBody = (await tokenRes.json().catch(() => ({}))) as Record<string, unknown>;
  const accessToken = str(tokenBody.access_token);
  if (!tokenRes.ok || !accessToken) throw new ProviderError('Unable to exchange external code');

  const info = (await getJson(provider.userinfoUrl, accessToken)) as Record<string, unknown>;
  return provider.name === 'github' ? githubProfile(provider, info, accessToken) : googleProfile(info);
}

function googleProfile(info: Record<string, unknown>): ProviderProfile {
  const sub = str(info.sub);
  const email = str(info.email);
  if (!sub) throw new ProviderError('Error getting user profile from external provider');
  if (!email) throw new ProviderError('Error getting user email from external provider');
  const emailVerified = info.email_verified === true || info.email_verified === 'true';
  const name = str(info.name);
  const picture = str(info.picture);
  return {
    provider: 'google',
    providerId: sub,
    email,
    emailVerified,
    identityData: {
      sub,
      provider_id: sub,
      email,
      email_verified: emailVerified,
      phone_verified: false,
      ...(name ? { name, full_name: name } : {}),
      ...(picture ? { picture, avatar_url: picture } : {}),
      ...(str(info.iss) ? { iss: info.iss } : {}),
    },
  };
}

async function githubProfile(
  provider: OAuthProvider,
  info: Record<string, unknown>,
  accessToken: string,
): Promise<ProviderProfile> {
  const id = typeof info.id === 'number' ? String(info.id) : (str(info.id) ?? str(info.sub));
  if (!id) throw new ProviderError('Error getting user profile from external provider');
  // GitHub hides private addresses from /user; /user/emails lists them with their verification state.
  let email: string | undefined;
  let emailVerified = false;
  if (provider.emailsUrl) {
    const emails = await getJson(provider.emailsUrl, accessToken).catch(() => []);
    if (Array.isArray(emails)) {
      const list = emails as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>;
      const chosen =
        list.find((e) => e.primary === true && e.verified === true) ?? list.find((e) => e.verified === true);
      if (chosen && str(chosen.email)) {
        email = str(chosen.email);
        emailVerified = true;
      }
    }
  }
  if (!email) email = str(info.email);
  if (!email) throw new ProviderError('Error getting user email from external provider');
  const name = str(info.name);
  const login = str(info.login);
  const avatar = str(info.avatar_url);
  return {
    provider: 'github',
    providerId: id,
    email,
    emailVerified,
    identityData: {
      sub: id,
      provider_id: id,
      email,
      email_verified: emailVerified,
      phone_verified: false,
      ...(name ? { name, full_name: name } : {}),
      ...(login ? { user_name: login, preferred_username: login } : {}),
      ...(avatar ? { avatar_url: avatar } : {}),
    },
  };
}
