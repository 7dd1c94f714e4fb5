import http from 'node:http';

/**
 * A company's own identity provider for the production journey (production has no demo provider at
 * /oidc): oidc-provider on loopback with one client, Escale. Its development login page accepts any
 * login; the account's subject and e-mail are that login, verified — as a provider that has checked its
 * employee would say. Escale allows plain http only for a provider on this machine.
 */
export async function startIdentityProvider(port: number, client: { id: string; secret: string; redirectUri: string }) {
  const { default: Provider } = await import('oidc-provider');
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) }),
    cookies: { keys: ['production-journey-provider'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  provider.proxy = false;
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, server };
}
