import { MAX_CARDS, cardProblems, type CardTypes, type CardValues, type UserCard, type UserCards } from '@contract/loyalty-cards';
import { linkTo, type RelBody } from '@contract/rels';
import type { Db } from '@server/db/client';
import { cardsOfUser, type UserCardRow } from '@server/db/user-cards';
import { isoDate } from '@server/platform/clock';
import { ApiError, fail, fieldProblems } from '@server/platform/errors';
import { apiCode } from '@contract/api-codes';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { CARD_PROGRAMMES, cardProgramme, cardTypeOf } from '@server/reference/card-programmes';
import * as repo from './repository';

/**
 * A user's loyalty and discount cards (spec 3): each card is checked against its type's
 * rules (contract/loyalty-cards.ts cardProblems) before anything is written; a number failing its type's
 * length, Luhn check or prefix is 'card number invalid' (api_code 170) and nothing is stored. Cards
 * are the caller's own: another user's card id is unknown (171). Every write is one transaction
 * with the call's answer, the list as it is then.
 */

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
const TYPES = CARD_PROGRAMMES.map(cardTypeOf);

export const cardTypes = (): CardTypes => ({ types: TYPES });

function present(rows: UserCardRow[]): UserCards {
  const cards = rows.flatMap((row): UserCard[] => {
    const programme = cardProgramme(row.cardTypeId);
    if (!programme) return [];
    const p = { cardID: row.id };
    return [
      {
        uid: row.id,
        cardtype_id: row.cardTypeId,
        cardtype: cardTypeOf(programme),
        cardnumber: row.cardNumber,
        effective_date: row.effectiveDate,
        expiration_date: row.expirationDate,
        user_id: row.userId,
        links: { updateUserCard: linkTo('updateUserCard', p), deleteUserCard: linkTo('deleteUserCard', p) },
      },
    ];
  });
  return {
    cards,
    links: {
      ...(rows.length < MAX_CARDS ? { addUserCard: linkTo('addUserCard') } : {}),
      putUserCards: linkTo('putUserCards'),
      userCardTypes: linkTo('userCardTypes'),
    },
  };
}

export const list = async (ctx: Ctx, db: Db = ctx.services.db): Promise<UserCards> => present(await cardsOfUser(db, ctx.user.id));

/**
 * The cards' problems by field path (`prefix` + field): a number failing its type's rules makes the
 * whole answer a 170, any other problem a 17; both carry every field's problem.
 */
function checkCards(cards: { card: CardValues; prefix: string }[], today: string) {
  const problems: { path: string; message: string }[] = [];
  for (const { card, prefix } of cards)
    for (const [field, key] of Object.entries(
      cardProblems(
        card,
        TYPES.find((t) => t.uid === card.cardtype_id),
        today,
      ),
    ))
      problems.push({ path: `${prefix}${field}`, message: key });
  if (problems.length === 0) return;
  const fields = fieldProblems(problems);
  throw new ApiError(problems.some((p) => p.message === 'CARD_NUMBER_INVALID') ? apiCode.CARD_NUMBER_INVALID : apiCode.REQUEST_FORMAT_INVALID, fields);
}

const today = (ctx: Ctx) => isoDate(ctx.services.clock.now());

/** Writes a change in one transaction, with the call's answer (the list as it is then). */
async function write(ctx: Ctx, change: (tx: Db) => Promise<void>): Promise<UserCards> {
  return ctx.services.db.transaction(async (tx) => {
    await change(tx);
    const answer = await list(ctx, tx);
    await recordAnswer(tx, () => answer);
    return answer;
  });
}

async function ownCard(ctx: Ctx, cardId: string): Promise<string> {
  if (!isUuid(cardId) || !(await repo.ownCardIds(ctx.services.db, ctx.user.id, [cardId])).has(cardId)) fail('CARD_NOT_FOUND');
  return cardId;
}

export async function add(ctx: Ctx, card: RelBody<'addUserCard'>): Promise<UserCards> {
  checkCards([{ card, prefix: '' }], today(ctx));
  if ((await cardsOfUser(ctx.services.db, ctx.user.id)).length >= MAX_CARDS) fail('REQUEST_FORMAT_INVALID', { cards: 'TOO_LONG' });
  return write(ctx, (tx) => repo.insertCards(tx, ctx.user.id, [card]));
}

export async function update(ctx: Ctx, cardId: string, card: RelBody<'updateUserCard'>): Promise<UserCards> {
  await ownCard(ctx, cardId);
  checkCards([{ card, prefix: '' }], today(ctx));
  return write(ctx, async (tx) => {
    await repo.updateCard(tx, ctx.user.id, cardId, card);
  });
}

export async function remove(ctx: Ctx, cardId: string): Promise<UserCards> {
  await ownCard(ctx, cardId);
  return write(ctx, async (tx) => {
    await repo.deleteCard(tx, ctx.user.id, cardId);
  });
}

/** PUT /user/cards (spec 3 §7): the whole list. Listed uids must be the caller's cards; cards left out are deleted. */
export async function replaceAll(ctx: Ctx, { user_cards }: RelBody<'putUserCards'>): Promise<UserCards> {
  checkCards(
    user_cards.map(({ uid: _uid, ...card }, i) => ({ card, prefix: `user_cards.${i}.` })),
    today(ctx),
  );
  const named = user_cards.flatMap((c) => (c.uid ? [c.uid] : []));
  if (new Set(named).size !== named.length) fail('REQUEST_FORMAT_INVALID', { user_cards: 'DUPLICATE_VALUE' });
  const own = await repo.ownCardIds(ctx.services.db, ctx.user.id, named.filter(isUuid));
  if (named.some((uid) => !own.has(uid))) fail('CARD_NOT_FOUND');
  return write(ctx, async (tx) => {
    await repo.deleteCardsExcept(tx, ctx.user.id, named);
    for (const { uid, ...card } of user_cards) if (uid) await repo.updateCard(tx, ctx.user.id, uid, card);
    await repo.insertCards(
      tx,
      ctx.user.id,
      user_cards.filter((c) => !c.uid).map(({ uid: _uid, ...card }) => card),
    );
  });
}
