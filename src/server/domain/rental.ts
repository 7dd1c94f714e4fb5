import type { Driver } from '@contract/car-rental';
import { BIRTHDATE_MIN, EMAIL_RE, PHONE_RE, birthdateProblem } from '@contract/validation';

/**
 * Car rental rules (spec 1 §5 "Car rental"), pure: when a rental needs the driver's full
 * details and licence, and what is wrong with a driver.
 */

/** Categories renters hand over only on a licence checked at booking: premium and sports cars, convertibles, vans. */
export const LICENSE_CATEGORIES = ['Luxe', 'Sportive', 'Cabriolet', 'Utilitaire'];

/**
 * Whether the rental needs the full driver details and licence (isDriverLicenseRequired): a car of
 * LICENSE_CATEGORIES, or a one-way rental into another country (the renter declares the driver at the
 * border agency). Deterministic: the same car and agencies always give the same answer.
 */
export const licenseRequired = (car: { category: string; pickupCountry: string; dropoffCountry: string }) =>
  LICENSE_CATEGORIES.includes(car.category) || car.pickupCountry !== car.dropoffCountry;

/** A driver's problems, by field (message keys): the basic fields always, the full ones when the licence is required. */
export function driverProblems(driver: Driver, required: boolean, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const put = (field: string, key: string | null) => key && (problems[`car_rental.driver.${field}`] ??= key);
  put('email', !driver.email.trim() ? 'FIELD_REQUIRED' : EMAIL_RE.test(driver.email.trim()) ? null : 'EMAIL_FORMAT');
  put('phone', !driver.phone.trim() ? 'FIELD_REQUIRED' : PHONE_RE.test(driver.phone.replace(/\s+/g, '')) ? null : 'PHONE_FORMAT');
  put('birthdate', driver.birthdate ? birthdateProblem(driver.birthdate, today) : 'FIELD_REQUIRED');
  if (!required) return problems;
  put('birth_country', /^[A-Z]{2}$/.test(driver.birth_country ?? '') ? null : driver.birth_country ? 'FORMAT_INVALID' : 'FIELD_REQUIRED');
  put('city_of_birth', driver.city_of_birth?.trim() ? null : 'FIELD_REQUIRED');
  put('address.description', driver.address?.description.trim() ? null : 'FIELD_REQUIRED');
  const license = driver.license;
  if (!license) {
    put('license', 'FIELD_REQUIRED');
    return problems;
  }
  put('license.country_of_issue', /^[A-Z]{2}$/.test(license.country_of_issue) ? null : 'FORMAT_INVALID');
  put('license.effective_date', licenseDateProblem(license.effective_date, today));
  return problems;
}

/** A licence's date of issue: a real day between 1900-01-01 (NOT_THAT_OLD) and today (TOO_YOUNG: not in the future). */
export function licenseDateProblem(value: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'VALID_DATE';
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return 'VALID_DATE';
  if (value < BIRTHDATE_MIN) return 'NOT_THAT_OLD';
  if (value > today) return 'TOO_YOUNG';
  return null;
}
