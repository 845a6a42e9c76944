import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export type ProviderAccount = { sub: string; email: string; emailVerified: boolean; name: string };

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, for single sign-on tests. Its login
 * and consent screens are answered by the test: whoever `signInAs` names is signed in and grants
 * `openid email profile` to the client that asked.
 */
export async function startOpenIdProvider(options: {
  clients: Array<{ clientId: string; clientSecret: string; redirectUri: string }>;
}) {
  let account: ProviderAccount | null = null;
  let provider!: Provider;
  const server: Server = createServer(async (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      try {
        const details = await provider.interactionDetails(request, response);
        if (details.prompt.name === 'login') {
          if (!account) throw new Error('the test named nobody to sign in');
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: account.sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const grant = new provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
      } catch (error) {
        response.statusCode = 500;
        response.end(String(error));
      }
      return;
    }
    provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, ProviderAccount>();
  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => {
      const found = accounts.get(sub);
      if (!found) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: found.email,
          email_verified: found.emailVerified,
          name: found.name,
        }),
      };
    },
  };
  provider = new Provider(issuer, configuration);
  return {
    issuer,
    signInAs(next: ProviderAccount) {
      accounts.set(next.sub, next);
      account = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What a browser does between Attest's redirect and its callback: follows the provider's redirects,
 * keeping its cookies, until the provider sends it to `redirectUri`; answers that address.
 */
export async function browseToCallback(start: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(redirectUri)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `the provider answered ${response.status} without a redirect: ${await response.text()}`,
      );
    url = new URL(location, url);
  }
  throw new Error('the provider kept redirecting');
}
