import type { SignupBody } from '@contract/account';

let serial = 0;

/** A valid sign-up body; `overrides` replace fields (undefined removes one). Each call gets a new username and e-mail. */
export function signupBody(overrides: Partial<Record<keyof SignupBody, unknown>> = {}): SignupBody {
  serial += 1;
  const id = `${Date.now().toString(36)}${serial}`;
  return {
    gender: 'MS',
    firstname: 'Zoé',
    lastname: 'Lefèvre',
    username: `zoe${id}`,
    email: `zoe${id}@acme.example`,
    phone: '06 11 22 33 44',
    birthdate: '1990-05-17',
    password: 'Voyage2026',
    password_confirm: 'Voyage2026',
    address: { description: '12 rue de la Paix, 75002 Paris' },
    gdpr_consent: true,
    ...overrides,
  } as SignupBody;
}
