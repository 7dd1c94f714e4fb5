import type { Documents, TravelDocument } from '@contract/documents';
import { linkTo, type RelBody } from '@contract/rels';
import { documentsOf, type TravelDocumentRow } from '@server/db/travel-documents';
import { isoDate } from '@server/platform/clock';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import * as repo from './repository';

/**
 * The user's identity documents (spec 3 "Identity document"): their own only — another
 * user's document is unknown (404, 175). The list is written whole (spec 3 §7 `PUT user/documents`)
 * in one transaction that also records the call's answer, so a retry with the same Idempotency-Key
 * changes nothing twice. Numbers are personal data: they go to the owner and the database only.
 */

const view = (row: TravelDocumentRow, today: string): TravelDocument => ({
  uid: row.id,
  type: row.type,
  civility: row.civility,
  firstname: row.firstname,
  lastname: row.lastname,
  nationality: row.nationality,
  document_name: row.documentName,
  effective_date: row.effectiveDate,
  expiration_date: row.expirationDate,
  number: row.number,
  country_of_issue: row.countryOfIssue,
  expired: row.expirationDate !== null && row.expirationDate < today,
});

async function present(ctx: Ctx, db: Ctx['services']['db']): Promise<Documents> {
  const today = isoDate(ctx.services.clock.now());
  return { documents: (await documentsOf(db, ctx.user.id)).map((row) => view(row, today)), links: { updateDocuments: linkTo('updateDocuments') } };
}

/** `GET /user/documents`. */
export const list = (ctx: Ctx) => present(ctx, ctx.services.db);

/**
 * `PUT /user/documents`: an entry with a uid keeps (or edits) that document, one without is new, a
 * missing one is removed. The dates are judged against today only where they are new or changed: a
 * document that expired since it was saved stays in the list when another one is edited.
 */
export async function update(ctx: Ctx, { travel_documents: input }: RelBody<'updateDocuments'>): Promise<Documents> {
  const seen = new Set<string>();
  const repeats: Record<string, string> = {};
  input.forEach((d, i) => {
    if (d.uid !== null && seen.has(d.uid)) repeats[`travel_documents.${i}.uid`] = 'DUPLICATE_VALUE';
    if (d.uid !== null) seen.add(d.uid);
  });
  if (Object.keys(repeats).length) fail('REQUEST_FORMAT_INVALID', repeats);

  const now = ctx.services.clock.now();
  const today = isoDate(now);
  const db = ctx.services.db;
  await db.transaction(async (tx) => {
    await repo.lockUser(tx, ctx.user.id);
    const current = new Map((await documentsOf(tx, ctx.user.id)).map((row) => [row.id, row]));
    if (input.some((d) => d.uid !== null && !current.has(d.uid))) fail('DOCUMENT_NOT_FOUND');

    const problems: Record<string, string> = {};
    input.forEach((d, i) => {
      const before = d.uid === null ? null : current.get(d.uid)!;
      if ((!before || before.effectiveDate !== d.effective_date) && d.effective_date! > today)
        problems[`travel_documents.${i}.effective_date`] = 'ENTER_PASSED_DATE';
      if ((!before || before.expirationDate !== d.expiration_date) && d.expiration_date !== null && d.expiration_date <= today)
        problems[`travel_documents.${i}.expiration_date`] = 'ENTER_FUTURE_DATE';
    });
    if (Object.keys(problems).length) fail('REQUEST_FORMAT_INVALID', problems);

    const values = input.map(
      (d, position): repo.DocumentValues => ({
        position,
        type: d.type,
        civility: d.civility,
        firstname: d.firstname,
        lastname: d.lastname,
        nationality: d.nationality,
        documentName: d.document_name,
        effectiveDate: d.effective_date!,
        expirationDate: d.expiration_date,
        number: d.number,
        countryOfIssue: d.country_of_issue,
      }),
    );
    await repo.deleteDocuments(
      tx,
      [...current.keys()].filter((id) => !seen.has(id)),
    );
    for (const [i, d] of input.entries()) if (d.uid !== null) await repo.updateDocument(tx, d.uid, values[i]!, now);
    await repo.insertDocuments(
      tx,
      ctx.user.id,
      values.filter((_, i) => input[i]!.uid === null),
      now,
    );
    await recordAnswer(tx, () => present(ctx, tx));
  });
  return present(ctx, db);
}
