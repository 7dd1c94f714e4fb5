import { describe, expect, it } from 'vitest';
import { estimatedRentalKm, kg, rentalCo2, stayCo2 } from './co2';
import { driverProblems, licenseRequired } from './rental';
import { freeCancelUntil, rentalDays, rentalProblems, stayProblems } from './stay';

describe('stays and rentals', () => {
  it('judges a stay’s days against today in the hotel’s zone', () => {
    expect(stayProblems('2026-11-22', '2026-11-23', '2026-11-22', 'en')).toBeNull();
    expect(stayProblems('2026-11-21', '2026-11-23', '2026-11-22', 'en')?.fields).toEqual({ checkin_date: 'ENTER_DATE_NOT_PASSED' });
    expect(stayProblems('2026-11-23', '2026-11-23', '2026-11-22', 'fr')).toEqual({
      fields: { checkout_date: 'ENTER_MINIMUM_STAY' },
      message: 'Le départ doit suivre l’arrivée : une nuit au moins.',
    });
    expect(stayProblems('2026-11-23', '2026-12-24', '2026-11-22', 'en')?.fields).toEqual({ checkout_date: 'MAX_STAY' });
    expect(freeCancelUntil('2026-12-01')).toBe('2026-11-30T18:00');
  });

  it('judges a rental’s times: not past, return on or after the pick-up day and after it', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    const at = (pickupAt: string, returnAt: string) => ({
      pickupAt,
      returnAt,
      pickup: new Date(`${pickupAt}:00+01:00`),
      dropoff: new Date(`${returnAt}:00+01:00`),
    });
    expect(rentalProblems(at('2026-11-22T11:00', '2026-11-22T12:00'), now, '2026-11-22', 'en')).toBeNull();
    expect(rentalProblems(at('2026-11-22T09:30', '2026-11-23T12:00'), now, '2026-11-22', 'en')?.fields).toEqual({ pickup_time: 'ENTER_TIME_NOT_PASSED' });
    expect(rentalProblems(at('2026-11-24T10:00', '2026-11-23T12:00'), now, '2026-11-22', 'en')?.fields).toEqual({ return_time: 'ENTER_DATE_AFTER' });
    expect(rentalProblems(at('2026-11-24T10:00', '2026-11-24T10:00'), now, '2026-11-22', 'en')?.fields).toEqual({ return_time: 'ENTER_TIME_AFTER' });
    expect(rentalDays(new Date('2026-11-24T09:00:00Z'), new Date('2026-11-26T16:00:00Z'))).toBe(3);
  });

  it('asks the licence for vans, premium cars, sports cars, convertibles and cross-border rentals; checks the driver', () => {
    expect(licenseRequired({ category: 'Compact', pickupCountry: 'FR', dropoffCountry: 'FR' })).toBe(false);
    expect(licenseRequired({ category: 'Utilitaire', pickupCountry: 'FR', dropoffCountry: 'FR' })).toBe(true);
    expect(licenseRequired({ category: 'Compact', pickupCountry: 'FR', dropoffCountry: 'BE' })).toBe(true);
    const driver = { gender: 'MS' as const, firstname: 'A', lastname: 'B', email: 'a@b.example', phone: '0601020304', birthdate: '1990-01-01' };
    expect(driverProblems(driver, false, '2026-11-22')).toEqual({});
    expect(Object.keys(driverProblems(driver, true, '2026-11-22'))).toEqual([
      'car_rental.driver.birth_country',
      'car_rental.driver.city_of_birth',
      'car_rental.driver.address.description',
      'car_rental.driver.license',
    ]);
  });

  it('counts CO2: per room and night for a stay; per km over the estimated distance for a rental', () => {
    expect(stayCo2(6930, 2, 1)).toBe(13_860);
    expect(kg(13_860)).toBe(13.9);
    // Paris → Lyon one way, 3 days: 1.25 × 392 km by the crow + 150 km around.
    const km = estimatedRentalKm({ lat: 48.8443, lon: 2.3744 }, { lat: 45.7606, lon: 4.8593 }, 3);
    expect(km).toBeGreaterThan(600);
    expect(km).toBeLessThan(680);
    expect(rentalCo2(218, 150)).toBe(32_700);
  });
});
