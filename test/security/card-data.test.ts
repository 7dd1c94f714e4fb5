import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/api';
import { CARDS, answerChallenge, confirmAfterBank, gusTravel, openChallenge, payByCard, postCard } from '../support/card-payment';

/**
 * Card payment: only a token, the brand, the last 4 digits, the expiry and the holder are
 * ever kept. Every way a card reaches the server — its tokenization (accepted or refused, even a body
 * that is not JSON), a frictionless payment, a 3-D Secure one with its bank page, a saved card, a
 * cancellation's refund — is run with the logs at their most verbose; then no log line and no cell
 * of any table holds a card number or a security code.
 */

const CVC = '739';
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let api: Api;
beforeAll(async () => {
  // The app's own logger (its redaction of secret paths included), at its most verbose.
  api = await startApi({ logLevel: 'trace' }, { logStream: stream });
});
afterAll(() => api.close());

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2030, cvc: CVC, holder: 'Gus Moreau' });
const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('card numbers and security codes', () => {
  beforeAll(async () => {
    const gus = await api.login('gus');
    // Refused cards: a wrong number, an unknown one, an expired one, a body that is not JSON.
    await postCard(api, card('4242424242424241'));
    await postCard(api, card('4000000000000069'));
    await postCard(api, { ...card(CARDS.mastercard), exp_year: 2020 });
    await api.app.inject({
      method: 'POST',
      url: '/sandbox-pay/v1/tokens',
      headers: { 'content-type': 'application/json' },
      payload: `{"number":"${CARDS.visa}","cvc":"${CVC}"`,
    });

    // A frictionless payment, the card saved, then cancelled (a refund to the card).
    const visa = await postCard(api, card(CARDS.visa));
    const first = await gusTravel(api, gus, '2026-11-23T07:00', (o) => o.flexibility === 3);
    const paid = await payByCard(api, gus, first, { cardToken: visa.body.token, saveCard: true });
    expect(paid.body.result.status).toBe('booked');
    const product = paid.body.result.travel.products[0];
    const previews = (await api.call('GET', product.links.previewRefund.href, { token: gus })).body.result as {
      product_id: string;
      refund: { total: number };
      confirm_refund_date_limit: string;
    }[];
    const cancelled = await api.call('POST', '/api/v1/treep/cancel', {
      token: gus,
      body: {
        ticket_ids: [product.id],
        void: false,
        previews: previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit })),
      },
    });
    expect(cancelled.status).toBe(200);

    // A 3-D Secure payment: the bank's page, a wrong code, the right one, back to the checkout.
    const threeDS = await postCard(api, card(CARDS.threeDS));
    const second = await gusTravel(api, gus, '2026-11-24T07:00');
    const url = (await payByCard(api, gus, second, { cardToken: threeDS.body.token, saveCard: true })).body.result.authenticationUrl as string;
    const page = await openChallenge(api, url);
    await answerChallenge(api, url, { approve: true, code: '000000' });
    await answerChallenge(api, url, { approve: true, code: page.code });
    expect((await confirmAfterBank(api, gus, second.id)).status).toBe(200);

    // A saved card, and a declined one.
    const saved = (await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards as { id: string }[];
    expect((await payByCard(api, gus, await gusTravel(api, gus, '2026-11-25T07:00'), { paymentCardID: saved[0]!.id })).status).toBe(200);
    const declined = await postCard(api, card(CARDS.declined));
    expect((await payByCard(api, gus, await gusTravel(api, gus, '2026-11-25T09:00'), { cardToken: declined.body.token })).status).toBe(402);
  });

  it('are in no log line', () => {
    expect(lines.length).toBeGreaterThan(50);
    const logs = lines.join('\n');
    for (const number of [...Object.values(CARDS), '4242424242424241', '4000000000000069'])
      for (const written of [number, spaced(number)]) expect(logs, written).not.toContain(written);
    expect(logs).not.toMatch(/"cvc"/i);
    expect(logs).not.toContain(`"${CVC}"`);
    // The bank page's address is a secret too (whoever has it answers the bank): logged without it.
    expect(logs).toContain('/sandbox-pay/v1/challenge/[token]');
    expect(logs).not.toMatch(/\/sandbox-pay\/v1\/challenge\/ch_/);
  });

  it('are in no table: only the token, brand, last 4 digits, expiry and holder are kept', async () => {
    const tables = (await api.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as {
      rows: { table_name: string }[];
    };
    const cells: unknown[] = [];
    for (const { table_name } of tables.rows) {
      const rows = (await api.db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`)) as unknown as {
        rows: { row: string }[];
      };
      for (const { row } of rows.rows) {
        for (const number of Object.values(CARDS)) expect(row, `${table_name} holds a card number`).not.toContain(number);
        expect(row, `${table_name} holds a security code`).not.toMatch(/"cvc"/i);
        const walk = (value: unknown): void => {
          if (Array.isArray(value)) value.forEach(walk);
          else if (value && typeof value === 'object') Object.values(value).forEach(walk);
          else cells.push(value);
        };
        walk(JSON.parse(row));
      }
    }
    expect(cells).not.toContain(CVC);
    // What is kept of the cards: the payments and the saved cards say it.
    const kept = (await api.db.execute(sql`select brand, last4, exp_month, exp_year, holder from payment_cards order by last4`)) as unknown as {
      rows: unknown[];
    };
    expect(kept.rows).toEqual([
      { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2030, holder: 'Gus Moreau' },
      { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, holder: 'Gus Moreau' },
    ]);
  });
});
