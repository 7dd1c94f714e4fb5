import { notFound, redirect } from '@tanstack/react-router';
import type { RouterContext } from '../router';

/** beforeLoad of the pages for signed-in users only (spec 3 §2): anyone else goes home. */
export function requireUser({ context }: { context: RouterContext }) {
  const user = context.user();
  if (!user) throw redirect({ to: '/', replace: true });
  return { user };
}

/** Agency staff (permissions travel_agent, assistance_agent): the agency's work queue is theirs (the server decides the same). */
export const isAgencyStaff = (user: { perms: readonly string[] } | null | undefined) =>
  Boolean(user?.perms.includes('travel_agent') || user?.perms.includes('assistance_agent'));

/** beforeLoad of the agency's staff pages: signed out → home; signed in without the permission → not found. */
export function requireAgencyStaff({ context }: { context: RouterContext }) {
  const { user } = requireUser({ context });
  if (!isAgencyStaff(user)) throw notFound();
  return { user };
}
