import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../router';

/** beforeLoad of the pages for signed-in users only (spec 3 §2): anyone else goes home. */
export function requireUser({ context }: { context: RouterContext }) {
  const user = context.user();
  if (!user) throw redirect({ to: '/', replace: true });
  return { user };
}
