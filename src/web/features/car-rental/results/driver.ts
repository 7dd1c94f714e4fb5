import { z } from 'zod';
import type { Driver } from '@contract/car-rental';
import type { MessageKey } from '@contract/validation';
import { birthdateProblem, fields } from '@contract/validation';

/** The driver form as typed: dates DD/MM/YYYY, the licence flat. */
export type DriverValues = {
  /** 'MR', 'MS', or '' until chosen. */
  gender: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  birthdate: string;
  birth_country: string;
  city_of_birth: string;
  address: string;
  license_country: string;
  license_number: string;
  license_date: string;
};

/** `DD/MM/YYYY` → `YYYY-MM-DD` (anything else stays, for the rules to refuse). */
export function frToIso(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : text;
}
export function isoToFr(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * Spec 1 §5: a licence takes effect between 1900-01-01 (NOT_THAT_OLD) and today (TOO_YOUNG), a real
 * day typed DD/MM/YYYY (VALID_DATE).
 */
export function licenceDateProblem(iso: string, today: string): MessageKey | null {
  const problem = birthdateProblem(iso, today);
  if (problem === 'VALID_DATE' || problem === 'NOT_THAT_OLD') return problem;
  // Unlike a birthdate, a licence may take effect today.
  return iso > today ? 'TOO_YOUNG' : null;
}

const date = (problem: (iso: string) => MessageKey | null) =>
  z
    .string()
    .transform((s) => frToIso(s))
    .superRefine((iso, ctx) => {
      const key = iso.trim() === '' ? 'PLEASE_FILL' : problem(iso);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    });
const country = z.string().regex(/^[A-Z]{2}$/, { error: 'SELECT_VALID_VALUE' });

/**
 * The driver's rules (spec 1 §5 "Driver"): basic (gender, names, e-mail, phone, birthdate), and full
 * when the rental needs a licence (birth country and city, address, licence country, number, date).
 * Issues carry the contract's message keys; the valid form is the add-to-cart body's driver.
 */
export function driverSchema({ full, today, who }: { full: boolean; today: string; who: Pick<Driver, 'profile_id' | 'guest_id'> }) {
  const optional = z.string();
  return z
    .object({
      gender: z
        .string()
        .refine((g) => g === 'MR' || g === 'MS', { error: 'PLEASE_FILL' })
        .transform((g) => g as Driver['gender']),
      firstname: fields.requiredText(100),
      lastname: fields.requiredText(100),
      email: fields.email(),
      phone: fields.phone(),
      birthdate: date((iso) => birthdateProblem(iso, today)),
      birth_country: full ? country : optional,
      city_of_birth: full ? fields.requiredText(100) : optional,
      address: full ? fields.requiredText(300) : optional,
      license_country: full ? country : optional,
      license_number: full ? fields.requiredText(40) : optional,
      license_date: full ? date((iso) => licenceDateProblem(iso, today)) : optional,
    })
    .transform(
      (v): Driver => ({
        ...who,
        gender: v.gender,
        firstname: v.firstname,
        lastname: v.lastname,
        email: v.email,
        phone: v.phone,
        birthdate: v.birthdate,
        ...(full
          ? {
              birth_country: v.birth_country,
              city_of_birth: v.city_of_birth.trim(),
              address: { description: v.address.trim() },
              license: { country_of_issue: v.license_country, number: v.license_number.trim(), effective_date: v.license_date },
            }
          : {}),
      }),
    );
}

/** The form's values from the driver the search knows (the profile's or guest's details). */
export function driverValues(known: Partial<Driver> | null): DriverValues {
  return {
    gender: known?.gender ?? '',
    firstname: known?.firstname ?? '',
    lastname: known?.lastname ?? '',
    email: known?.email ?? '',
    phone: known?.phone ?? '',
    birthdate: isoToFr(known?.birthdate),
    birth_country: known?.birth_country ?? '',
    city_of_birth: known?.city_of_birth ?? '',
    address: known?.address?.description ?? '',
    license_country: known?.license?.country_of_issue ?? '',
    license_number: known?.license?.number ?? '',
    license_date: isoToFr(known?.license?.effective_date),
  };
}
