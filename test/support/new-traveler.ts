import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '@server/db/schema';
import type { Api } from './api';

/** The password of the travellers `newTraveler` signs up. */
export const NEW_TRAVELER_PASSWORD = 'Voyage2026';

/** What activation hands the first-login onboarding: its token and the identity its first step is prefilled with. */
export type OnboardingStart = { token: string; username: string; firstname: string; email: string; sso: boolean };

/**
 * Signs a new traveller up (in `lang`; e-mail `<username>@acme.example`) and activates the account through
 * the e-mailed token: its username, e-mail, id and the onboarding that activation starts.
 */
export async function newTraveler(api: Api, username: string, lang: 'fr' | 'en' = 'fr') {
  const email = `${username}@acme.example`;
  const signup = await api.call('POST', '/api/v1/user/signin', {
    headers: { 'accept-language': lang },
    body: {
      gender: 'MS',
      firstname: 'Léa',
      lastname: 'Rousseau',
      username,
      email,
      phone: '0612345678',
      birthdate: '1990-05-17',
      password: NEW_TRAVELER_PASSWORD,
      password_confirm: NEW_TRAVELER_PASSWORD,
      address: { description: '3 place Bellecour, Lyon' },
      gdpr_consent: true,
    },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const activation = (await api.lastMail(email))!.token!;
  const confirmed = await api.call('POST', '/api/v1/user/confirm', { body: { token: activation } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const [row] = await api.db.select().from(users).where(eq(users.username, username));
  return { username, email, id: row!.id, onboarding: confirmed.body.result.onboarding as OnboardingStart };
}
