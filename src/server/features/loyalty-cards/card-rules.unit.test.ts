import { describe, expect, it } from 'vitest';
import { cardNumberProblem, cardProblems, luhnValid, numberRequired, onboardingCards, type CardType } from '@contract/loyalty-cards';

const avantage: CardType = {
  uid: 'a',
  name: 'Carte Avantage',
  type: 'rail',
  card_type: 'discount',
  requiredNumber: true,
  validationRegex: '^[0-9]+$',
  validationLength: 17,
  validationAlgorithm: 'luhn',
  validationPrefix: '29090',
};
const railNoNumber: CardType = {
  ...avantage,
  uid: 'r',
  requiredNumber: false,
  validationRegex: null,
  validationLength: null,
  validationAlgorithm: null,
  validationPrefix: null,
};
const loyalty: CardType = { ...railNoNumber, uid: 'l', type: 'hotel', card_type: 'loyalty_card' };
const card = (extra: object = {}) => ({ cardtype_id: 'a', cardnumber: '29090529630741856', effective_date: null, expiration_date: '2027-01-01', ...extra });

describe('card rules (spec 3 §5)', () => {
  it('checks Luhn', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('7992739871A')).toBe(false);
  });

  it('checks the regex (else capitals and digits), then length, Luhn and prefix', () => {
    expect(cardNumberProblem(avantage, '29090529630741856')).toBeNull();
    expect(cardNumberProblem(avantage, '2909052963074185')).toBe('CARD_NUMBER_INVALID');
    expect(cardNumberProblem(avantage, '29090529630741857')).toBe('CARD_NUMBER_INVALID');
    expect(cardNumberProblem(avantage, '19090529630741857')).toBe('CARD_NUMBER_INVALID');
    expect(cardNumberProblem(avantage, '2909O529630741856')).toBe('LETTERS_OR_DIGITS');
    expect(cardNumberProblem(loyalty, 'AB12')).toBeNull();
    expect(cardNumberProblem(loyalty, 'ab12')).toBe('LETTERS_OR_DIGITS');
  });

  it('requires a rail card number from 12 October 2020, and a future expiry for discount cards only', () => {
    expect(numberRequired(railNoNumber, '2020-10-11')).toBe(false);
    expect(numberRequired(railNoNumber, '2020-10-12')).toBe(true);
    expect(numberRequired(loyalty, '2026-01-01')).toBe(false);
    expect(cardProblems(card(), undefined, '2026-11-22')).toEqual({ cardtype_id: 'PLEASE_FILL' });
    expect(cardProblems(card({ cardnumber: null, expiration_date: null }), avantage, '2026-11-22')).toEqual({
      cardnumber: 'CARD_NUMBER_REQUIRED',
      expiration_date: 'EXPIRATION_REQUIRED',
    });
    expect(cardProblems(card({ expiration_date: '2026-11-21' }), avantage, '2026-11-22')).toEqual({ expiration_date: 'VALID_DATE' });
    expect(
      cardProblems(card({ cardtype_id: 'l', cardnumber: null, expiration_date: '2020-01-01', effective_date: '2020-13-01' }), loyalty, '2026-11-22'),
    ).toEqual({ effective_date: 'VALID_DATE' });
  });

  it('drops untyped cards on onboarding, and the numbers of non-loyalty and rail cards', () => {
    const types = [avantage, loyalty, { ...loyalty, uid: 'rl', type: 'rail' as const }];
    expect(
      onboardingCards(
        [
          { cardtype_id: null, cardnumber: '1' },
          { cardtype_id: 'a', cardnumber: '2' },
          { cardtype_id: 'l', cardnumber: '3' },
          { cardtype_id: 'rl', cardnumber: '4' },
        ],
        types,
      ),
    ).toEqual([
      { cardtype_id: 'a', cardnumber: null },
      { cardtype_id: 'l', cardnumber: '3' },
      { cardtype_id: 'rl', cardnumber: null },
    ]);
  });
});
