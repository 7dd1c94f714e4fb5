import { notFound, redirect } from '@tanstack/react-router';
import { isAgencyStaff } from '../../contract/permissions';
import type { RouterContext } from './router-context';

/** beforeLoad of the pages for signed-in users only (spec 3 §2): anyone else goes home. */
export function requireUser({ context }: { context: RouterContext }) {
  const user = context.user();
  if (!user) throw redirect({ to: '/', replace: true });
  return { user };
}

/** beforeLoad of the agency's staff pages: signed out → home; signed in without the permission → not found. */
export function requireAgencyStaff({ context }: { context: RouterContext }) {
  const { user } = requireUser({ context });
  if (!isAgencyStaff(user.perms)) throw notFound();
  return { user };
}
