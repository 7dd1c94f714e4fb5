import { notFound, redirect } from '@tanstack/react-router';
import type { RouterContext } from './router-context';

/** beforeLoad of the pages for signed-in users only (spec 3 §2): anyone else goes home. */
export function requireUser({ context }: { context: RouterContext }) {
  const user = context.user();
  if (!user) throw redirect({ to: '/', replace: true });
  return { user };
}

/**
 * beforeLoad of the agency's work queue: signed out → home; signed in without the user's
 * `agencyQueue` link (the server writes it for the agency's staff) → not found.
 */
export function requireAgencyQueue({ context }: { context: RouterContext }) {
  const { user } = requireUser({ context });
  const agencyQueue = user.links.agencyQueue;
  if (!agencyQueue) throw notFound();
  return { user, agencyQueue };
}
