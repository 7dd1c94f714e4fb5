import { expect, type APIRequestContext } from '@playwright/test';
import { unique } from './support';

/*
 * Each journey books as users of its own, so that no journey finds another's travels, cart, cards or
 * documents, whatever the order the files run in. A journey's user is a twin of a demo user (alice,
 * gus…): same company, feature flags, profile and password (DEMO_PASSWORD), made by the journeys'
 * server in one loopback call (POST /dev/users, features/dev-users) — Globex has no travel
 * manager who could invite one, and an invitation gives neither flags nor a profile. Its last name is
 * its own (a made-up word), so that searching a demo user by name never finds a twin, and it has no
 * permission: a traveller, never among the approvers the checkout offers (the demo ones answer).
 */

export type OwnUser = { username: string; email: string; firstname: string; lastname: string; name: string };

const FIRSTNAMES = { alice: 'Alice', bob: 'Bob', carol: 'Carol', sam: 'Sam', gus: 'Gus', ivan: 'Ivan' } as const;
export type DemoUser = keyof typeof FIRSTNAMES;

/** A made-up last name from the unique id: letters only, capitalised (e.g. "Kqzmtbaf"). */
const lastnameFrom = (id: string) => {
  const letters = [...id].map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join('');
  return letters[0]!.toUpperCase() + letters.slice(1);
};

/** A new active user like the demo user `like`, for this journey only. */
export async function ownUser(request: APIRequestContext, like: DemoUser): Promise<OwnUser> {
  const id = unique();
  const lastname = lastnameFrom(id);
  const res = await request.post('/dev/users', { data: { like, username: `${like}-${id}`, lastname, perms: [] } });
  expect(res.status(), await res.text()).toBe(201);
  const { username, email } = ((await res.json()) as { result: { username: string; email: string } }).result;
  const firstname = FIRSTNAMES[like];
  return { username, email, firstname, lastname, name: `${firstname} ${lastname}` };
}
