import { asc, eq } from 'drizzle-orm';
import { agencyHosts } from '@server/db/schema';
import { agencyOrigin } from '@server/platform/request-context';
import type { AdminContext } from './cli';

/**
 * Where an agency's people open its links (e-mailed invitations, the SSO redirect URI): its first host
 * with PUBLIC_URL's scheme and port, else PUBLIC_URL; without PUBLIC_URL its first host over https, or
 * (demo mode) this machine's server; null when production has neither.
 */
export async function agencyLinkOrigin(ctx: AdminContext, agencyId: string): Promise<string | null> {
  const [host] = await ctx.db
    .select({ host: agencyHosts.host })
    .from(agencyHosts)
    .where(eq(agencyHosts.agencyId, agencyId))
    .orderBy(asc(agencyHosts.createdAt), asc(agencyHosts.host))
    .limit(1);
  if (ctx.config.publicUrl) return agencyOrigin(ctx.config.publicUrl, host?.host ?? null);
  if (host) return `https://${host.host}`;
  return ctx.config.production ? null : `http://localhost:${ctx.config.port}`;
}
