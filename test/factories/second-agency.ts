import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { agencies, companies, entities, users } from '@server/db/schema';
import { ALPINE_API_KEY, DEMO_PASSWORD } from '@server/db/seed';
import { hashPassword, sha256 } from '@server/platform/secrets';

export const SECOND_API_KEY = ALPINE_API_KEY;

/**
 * The second agency of the tests is the demo's own (db/seed.ts): Alpine Business Travel, its customer
 * Initech, ivan (employee) and olga (approver). This adds, for the tests only, what the demo does not
 * have: an Initech entity, the expert mode for ivan (so that the expert search's ids are checked, not
 * only refused), an agency travel agent (vera), a second Initech approver (rémi, after olga) and
 * Initech's travel manager (tom, permission account_creation: the company's administration) and
 * the agency's administrator (abel, permission agency_admin).
 */
export async function addSecondAgency(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [agency] = await tx
      .select()
      .from(agencies)
      .where(eq(agencies.apiKeyHash, sha256(ALPINE_API_KEY)));
    const [company] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.agencyId, agency!.id), eq(companies.name, 'Initech')));
    const [entity] = await tx.insert(entities).values({ companyId: company!.id, name: 'Initech Lille' }).returning();
    const [ivan] = await tx
      .update(users)
      .set({ flags: { canUseExpertMode: true } })
      .where(and(eq(users.agencyId, agency!.id), eq(users.username, 'ivan')))
      .returning();
    const [olga] = await tx
      .select()
      .from(users)
      .where(and(eq(users.agencyId, agency!.id), eq(users.username, 'olga')));
    const person = (username: string, firstname: string, lastname: string, more: Partial<typeof users.$inferInsert> = {}) => ({
      agencyId: agency!.id,
      companyId: company!.id,
      username,
      email: `${username}@initech.example`,
      passwordHash,
      firstname,
      lastname,
      gender: 'MR' as const,
      status: 'active' as const,
      ...more,
    });
    const [vera, remi, tom, abel] = await tx
      .insert(users)
      .values([
        person('vera', 'Vera', 'Colin', { companyId: null, gender: 'MS', email: 'vera@alpine-business-travel.example', perms: ['travel_agent'] }),
        person('remi', 'Rémi', 'Noël', { perms: ['approval'] }),
        person('tom', 'Tom', 'Bernier', { perms: ['account_creation'] }),
        person('abel', 'Abel', 'Morel', { companyId: null, email: 'abel@alpine-business-travel.example', perms: ['agency_admin'] }),
      ])
      .returning();
    return { agency: agency!, company: company!, entity: entity!, users: { ivan: ivan!, olga: olga!, vera: vera!, remi: remi!, tom: tom!, abel: abel! } };
  });
}
