import type { Db } from '../../src/server/db/client';
import { agencies, companies, entities, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { hashPassword, sha256 } from '../../src/server/platform/secrets';

export const SECOND_API_KEY = 'second-agency-key';

/**
 * A second agency for the tests only (the demo has one): Horizon Voyages, its customer Initech
 * (one entity; an approver to choose, approval always) and four users with the demo password:
 * olga (travel agent), ines (employee), paul and rémi (Initech's approvers, in that order).
 */
export async function addSecondAgency(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({ name: 'Horizon Voyages', apiKeyHash: sha256(SECOND_API_KEY), brandColor: '#7c2d12', accentColor: '#0f766e' })
      .returning();
    const [company] = await tx
      .insert(companies)
      .values({
        agencyId: agency!.id,
        name: 'Initech',
        config: { test: true, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
        checkoutRules: { analytics: [], missionOrders: false, chooseApprover: true, approval: 'always', policy: null },
      })
      .returning();
    const [entity] = await tx.insert(entities).values({ companyId: company!.id, name: 'Initech Lille' }).returning();
    const person = (username: string, firstname: string, lastname: string, more: Partial<typeof users.$inferInsert> = {}) => ({
      agencyId: agency!.id,
      companyId: company!.id,
      username,
      email: `${username}@initech.example`,
      passwordHash,
      firstname,
      lastname,
      gender: 'MS' as const,
      status: 'active' as const,
      ...more,
    });
    const [olga, ines, paul, remi] = await tx
      .insert(users)
      .values([
        person('olga', 'Olga', 'Vidal', { companyId: null, perms: ['travel_agent'] }),
        person('ines', 'Inès', 'Faure'),
        person('paul', 'Paul', 'Marchand', { gender: 'MR', perms: ['approval'] }),
        person('remi', 'Rémi', 'Noël', { gender: 'MR', perms: ['approval'] }),
      ])
      .returning();
    return { agency: agency!, company: company!, entity: entity!, users: { olga: olga!, ines: ines!, paul: paul!, remi: remi! } };
  });
}
