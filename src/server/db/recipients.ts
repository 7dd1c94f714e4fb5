import { eq, inArray } from 'drizzle-orm';
import type { Lang } from '@contract/account';
import { personName } from '@contract/person-name';
import { travelerKey, type StoredProduct } from '../domain/product';
import type { Db } from './client';
import { agencies, guests, users } from './schema';

/**
 * Whom a travel's e-mails go to (booking, cancellation): its booker, then each traveller at one
 * address (their account's, their guest record's, or the contact e-mail given for them), each address
 * once. Those without an account of their own read the booker's language.
 */

export type Recipient = { email: string; firstname: string; lang: Lang; isBooker: boolean };

export async function travelRecipients(db: Db, bookerId: string, products: Pick<StoredProduct, 'data'>[]): Promise<{ list: Recipient[]; booker: string }> {
  const travellers = [...new Map(products.flatMap((p) => p.data.travelers).map((t) => [travelerKey(t), t])).values()];
  const ids = [...new Set([bookerId, ...travellers.flatMap((t) => (t.profileID ? [t.profileID] : []))])];
  const rows = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname, lang: users.lang })
    .from(users)
    .where(inArray(users.id, ids));
  const accounts = new Map(rows.map((r) => [r.id, r]));
  const guestIds = [...new Set(travellers.flatMap((t) => (t.guestID ? [t.guestID] : [])))];
  const guestRows = guestIds.length ? await db.select({ id: guests.id, email: guests.email }).from(guests).where(inArray(guests.id, guestIds)) : [];
  const guestEmail = new Map(guestRows.flatMap((r) => (r.email ? [[r.id, r.email] as const] : [])));
  const booker = accounts.get(bookerId);
  const lang = booker?.lang ?? 'fr';
  const candidates: Recipient[] = [
    ...(booker ? [{ email: booker.email, firstname: booker.firstname, lang: booker.lang, isBooker: true }] : []),
    ...travellers.flatMap((t) => {
      const account = t.profileID ? accounts.get(t.profileID) : undefined;
      const email = account?.email ?? (t.guestID ? guestEmail.get(t.guestID) : undefined) ?? (typeof t.contact_email === 'string' ? t.contact_email : null);
      return email ? [{ email, firstname: account?.firstname ?? t.firstname ?? '', lang: account?.lang ?? lang, isBooker: false }] : [];
    }),
  ];
  const seen = new Set<string>();
  const list = candidates.filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { list, booker: booker ? personName(booker) : '' };
}

/** The agency's name and the address its staff read (its support e-mail), for the e-mails it sends and receives. */
export async function agencyContact(db: Db, agencyId: string): Promise<{ name: string; email: string | null; lang: Lang }> {
  const [row] = await db
    .select({ name: agencies.name, email: agencies.supportEmail, info: agencies.info })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  // The agency writes in the first language of its information block (French when it has none).
  const lang: Lang = row?.info && !row.info.fr && row.info.en ? 'en' : 'fr';
  return { name: row?.name ?? '', email: row?.email ?? null, lang };
}
