import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { assertActive } from '../../app/auth/users.service.ts';
import { cardCommand, cardIdFor, changePin, loadCard, requestCard } from '../../app/cards/cards.service.ts';
import { setCardStake, stakeOf } from '../../app/cards/stake.ts';
import {
  CARD_TIERS,
  type CardState,
  type CardTier,
  CardTransitionError,
  TIER_NAMES,
  tierRank,
} from '../../domain/cards/card.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { LogPosition } from '../../infra/eventStore/eventStore.ts';
import { type CardRow, cardOfUser, cardQueue, findCard } from '../../projections/cards/cards.queries.ts';
import type { Deps } from '../deps.ts';
import { type CommandAnswer, commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { userIdSchema } from '../http/ids.ts';
import { pageLimit } from '../http/paging.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { routerOf } from '../http/router.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { responds, validate } from '../http/validate.ts';

const text = (min: number, label: string) =>
  z
    .string({ error: `${label} must be at least ${min} characters` })
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(120, `${label} must be at most 120 characters`)
    .superRefine(storedText(label));

/** The spec's shipping address rules (section 5). */
export const addressSchema = z.strictObject({
  address: text(5, 'Address'),
  city: text(2, 'City'),
  state: text(2, 'State'),
  zipCode: text(3, 'ZIP code'),
  country: text(2, 'Country'),
});

/** The spec client sends userId, tier and status; the server decides tier and status itself. */
const requestSchema = z.strictObject({
  userId: z.string().max(16).optional(),
  tier: z.enum(CARD_TIERS).optional(),
  status: z.string().max(20).optional(),
  address: text(5, 'Address').optional(),
  city: text(2, 'City').optional(),
  state: text(2, 'State').optional(),
  zipCode: text(3, 'ZIP code').optional(),
  country: text(2, 'Country').optional(),
});

const pinSchema = z
  .strictObject({
    pin: z.string().regex(/^\d{4}$/, 'PIN must be 4 digits'),
    confirmPin: z.string().regex(/^\d{4}$/, 'PIN must be 4 digits'),
  })
  .refine((v) => v.pin === v.confirmPin, { message: "PINs don't match", path: ['confirmPin'] });

/** The tier the holder confirmed: naming it makes a retry of the same upgrade a no-op, never a second step. */
const upgradeSchema = z.strictObject({
  tier: z.enum(CARD_TIERS, { error: 'Tier must be one of gold, ruby, black' }),
});

/** The tier the stake is to back: higher holds more, lower (Gold: nothing) releases the rest. */
const stakeSchema = z.strictObject({
  tier: z.enum(CARD_TIERS, { error: 'Tier must be one of gold, ruby, black' }),
});

/** The holder's card stake: SAI held in `holds:SAI` for the card, and the tier it backs. */
const stakeAnswerSchema = z.object({
  staked: z.string().describe('SAI held for the card (a decimal string)'),
  tier: z.enum(CARD_TIERS).describe('The tier the stake backs: the one the card and the fees follow'),
  available: z.string().describe('SAI the holder may still spend'),
});
const stakedCardSchema = stakeAnswerSchema.extend({
  card: z.lazy(() => cardAnswerSchema),
});

const idParam = z.object({ id: z.string().uuid({ error: 'Card not found' }) });
const userParam = z.object({ userId: userIdSchema('Card not found') });

const nullableText = z.string().nullable();
/** The metal card: tier, status, shipping and the address it ships to. */
const cardAnswerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  tier: z.enum(CARD_TIERS),
  status: z.enum(['pending', 'verifying', 'active', 'inactive', 'shipping']),
  shippingStatus: z.enum(['not_shipped', 'shipped', 'delivered']),
  address: nullableText,
  city: nullableText,
  state: nullableText,
  zipCode: nullableText,
  country: nullableText,
  trackingNumber: nullableText,
  estimatedDelivery: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
  username: z.string().optional().describe('Admin queue only'),
  email: z.string().optional().describe('Admin queue only'),
});

type CardAnswer = z.output<typeof cardAnswerSchema>;

export function cardJson(row: CardRow): CardAnswer {
  return {
    id: row.id,
    userId: row.userId,
    // The read model holds only what the card's events give: these tiers and states.
    tier: row.tier as CardAnswer['tier'],
    status: row.status as CardAnswer['status'],
    shippingStatus: row.shippingStatus as CardAnswer['shippingStatus'],
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    trackingNumber: row.trackingNumber,
    estimatedDelivery: row.estimatedDelivery,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.username !== undefined ? { username: row.username, email: row.email } : {}),
  };
}

export function cardJsonFromState(
  state: Extract<CardState, { cardId: string }>,
): ReturnType<typeof cardJson> {
  return {
    id: state.cardId,
    userId: state.userId,
    tier: state.tier,
    status: state.status,
    shippingStatus: state.shippingStatus,
    address: state.address?.address ?? null,
    city: state.address?.city ?? null,
    state: state.address?.state ?? null,
    zipCode: state.address?.zipCode ?? null,
    country: state.address?.country ?? null,
    trackingNumber: state.trackingNumber,
    estimatedDelivery: state.estimatedDelivery,
    createdAt: state.requestedAt,
    updatedAt: state.updatedAt,
  };
}

/** A command's answer is the card as the command left it (write side), never a lagging read model. */
function cardAnswer(
  c: Context<AppEnv>,
  result: { state: CardState; position: LogPosition | null },
  status: 200 | 201 = 200,
): CommandAnswer {
  if (result.state.status === 'none') {
    if (result.position) c.set('wrotePosition', result.position);
    throw new HttpProblem(404, 'Card not found');
  }
  return { status, position: result.position, body: cardJsonFromState(result.state) };
}

/** An upgrade never lowers the tier (the stake route does, releasing the difference). */
function refuseDowngrade(current: CardTier, asked: CardTier) {
  if (tierRank(asked) < tierRank(current))
    throw new CardTransitionError(`Your card is already ${TIER_NAMES[current]}; an upgrade never lowers it`);
}

/** Resolves a card id from the URL to the caller's own card; someone else's card is "not found". */
const ownCard = (c: Parameters<typeof requireUser>[0], id: string) => {
  const session = requireUser(c);
  if (cardIdFor(session.userId) !== id) throw new HttpProblem(404, 'Card not found');
  return session;
};

/** The caller's own card for a change only its holder makes: an admin is told so (403), anyone else 404. */
const holdersCard = (c: Parameters<typeof requireUser>[0], id: string, refusal: string) => {
  const session = requireUser(c);
  if (session.isAdmin && cardIdFor(session.userId) !== id) throw new HttpProblem(403, refusal);
  return ownCard(c, id);
};

export function cardsRoutes(deps: Deps) {
  return routerOf(deps, [cardOrderRoutes, cardFreezeRoutes, cardStakeRoutes, cardPinRoute]);
}

/** The caller's card: read, order, shipping. */
function cardOrderRoutes(app: Hono<AppEnv>, deps: Deps) {
  // No card yet is an answer, not an error: 200 with null (docs/product-rules.md rule 28).
  app.get(
    '/user/:userId',
    responds(200, cardAnswerSchema.nullable().describe('null when the user has no card')),
    validate('param', userParam),
    async (c) => {
      const session = requireUser(c);
      const { userId } = c.req.valid('param');
      if (userId !== session.userId && !session.isAdmin)
        throw new HttpProblem(403, 'You can only see your own card');
      const row = await cardOfUser(readModels(c), userId);
      return c.json(row ? cardJson(row) : null);
    },
  );

  app.post('/', responds(201, cardAnswerSchema), validate('json', requestSchema), async (c) => {
    const session = requireUser(c);
    const input = c.req.valid('json');
    if (input.userId && input.userId !== session.userId)
      throw new HttpProblem(403, 'You can only request a card for yourself');
    await assertActive(deps, session.userId);
    const parts = [input.address, input.city, input.state, input.zipCode, input.country];
    let address = null;
    if (parts.some((p) => p !== undefined)) {
      const parsed = addressSchema.safeParse({
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        country: input.country,
      });
      if (!parsed.success) {
        const first = parsed.error.issues[0]!;
        throw new HttpProblem(400, first.message, {
          fieldErrors: { [String(first.path[0])]: first.message },
        });
      }
      address = parsed.data;
    }
    return await commandRoute(c, deps, null, async (_, metadata) =>
      cardAnswer(c, await requestCard(deps, session.userId, address, metadata), 201),
    );
  });

  app.patch(
    '/:id/shipping',
    responds(200, cardAnswerSchema),
    validate('param', idParam),
    validate('json', addressSchema),
    async (c) => {
      const session = ownCard(c, c.req.valid('param').id);
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const result = await cardCommand(
          deps,
          session.userId,
          { type: 'SetShippingAddress', data: { address: c.req.valid('json') }, now: deps.now() },
          metadata,
        );
        return cardAnswer(c, result);
      });
    },
  );
}

/** Freeze and unfreeze, by the holder. */
function cardFreezeRoutes(app: Hono<AppEnv>, deps: Deps) {
  for (const [path, type] of [
    ['freeze', 'FreezeCard'],
    ['unfreeze', 'UnfreezeCard'],
  ] as const) {
    app.post(`/:id/${path}`, responds(200, cardAnswerSchema), validate('param', idParam), async (c) => {
      const session = ownCard(c, c.req.valid('param').id);
      return await commandRoute(c, deps, null, async (_, metadata) =>
        cardAnswer(c, await cardCommand(deps, session.userId, { type, now: deps.now() }, metadata)),
      );
    });
  }
}

/** Upgrades and stakes: the card follows the SAI staked on it. */
function cardStakeRoutes(app: Hono<AppEnv>, deps: Deps) {
  /**
   * The holder upgrades their own card to a higher tier by staking its amount (docs/product-rules.md rule
   * 30; the stake route below, restricted to going up). 422 when the spendable SAI does not cover it, 409
   * when the card is frozen or already higher; asking again for the tier the card has answers the card as
   * it is (a retry), and an Idempotency-Key replays the first answer.
   */
  app.post(
    '/:id/upgrade',
    responds(200, cardAnswerSchema),
    validate('param', idParam),
    validate('json', upgradeSchema),
    async (c) => {
      const id = c.req.valid('param').id;
      const session = holdersCard(c, id, "Only the card's holder can upgrade it");
      return await commandRoute(c, deps, 'card-upgrade', async (commandId, metadata) => {
        const tier = c.req.valid('json').tier;
        const card = await loadCard(deps, id);
        if (card.status === 'none') throw new HttpProblem(404, 'Card not found');
        refuseDowngrade(card.tier, tier);
        if (card.status === 'inactive')
          throw new CardTransitionError('Unfreeze your card before upgrading it');
        const result = await setCardStake(deps, session.userId, tier, commandId, metadata);
        return cardAnswer(c, { state: await loadCard(deps, id), position: result.position });
      });
    },
  );

  /** The caller's stake, as the write side knows it (never behind their own last command). */
  app.get('/stake', responds(200, stakeAnswerSchema), async (c) => {
    const session = requireUser(c);
    return c.json(await stakeOf(deps, session.userId));
  });

  /**
   * The holder sets their card's stake to a tier's amount (docs/product-rules.md rule 30): 422 when the
   * spendable SAI does not cover what the stake lacks, 404 without a card. With an Idempotency-Key, one
   * outcome forever. The answer is read from the log after the command: the stake and the card it backs.
   */
  app.post(
    '/:id/stake',
    responds(200, stakedCardSchema),
    validate('param', idParam),
    validate('json', stakeSchema),
    async (c) => {
      const id = c.req.valid('param').id;
      const session = holdersCard(c, id, "Only the card's holder can stake for it");
      return await commandRoute(c, deps, 'card-stake', async (commandId, metadata) => {
        const result = await setCardStake(
          deps,
          session.userId,
          c.req.valid('json').tier,
          commandId,
          metadata,
        );
        return await stakedCard(c, session.userId, result.position);
      });
    },
  );

  const stakedCard = async (
    c: Context<AppEnv>,
    userId: UserId,
    position: LogPosition | null,
  ): Promise<CommandAnswer> => {
    const card = await loadCard(deps, cardIdFor(userId));
    if (card.status === 'none') throw new HttpProblem(404, 'Card not found');
    const body = { ...(await stakeOf(deps, userId)), card: cardJsonFromState(card) };
    if (position) c.set('wrotePosition', position);
    return { status: 200, position, body };
  };
}

/** The PIN, set by the holder. */
function cardPinRoute(app: Hono<AppEnv>, deps: Deps) {
  app.post(
    '/:id/pin',
    responds(200, cardAnswerSchema),
    validate('param', idParam),
    validate('json', pinSchema),
    async (c) => {
      const session = ownCard(c, c.req.valid('param').id);
      return await commandRoute(c, deps, null, async (_, metadata) =>
        cardAnswer(c, await changePin(deps, session.userId, c.req.valid('json').pin, metadata)),
      );
    },
  );
}

const shipSchema = z.strictObject({
  trackingNumber: z
    .string()
    .trim()
    .min(4, 'Tracking number must be at least 4 characters')
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Tracking number may only contain letters, digits and dashes'),
  estimatedDelivery: z.iso.date({ error: 'Estimated delivery must be a date like 2026-12-01' }),
});
const queueQuery = z.strictObject({
  status: z.enum(['pending', 'verifying', 'active', 'inactive', 'shipping']).optional(),
  limit: pageLimit(200),
});

/** The admin's cards queue: filter by status, ship with tracking, mark delivered. */
export function adminCardsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', responds(200, z.array(cardAnswerSchema)), validate('query', queueQuery), async (c) => {
    requireAdmin(c);
    const { status, limit } = c.req.valid('query');
    return c.json((await cardQueue(readModels(c), status, limit)).map(cardJson));
  });
  const adminCommand = async (
    c: Parameters<typeof requireAdmin>[0],
    id: string,
    build: (adminId: UserId) => Parameters<typeof cardCommand>[2],
  ) => {
    const admin = requireAdmin(c);
    const card = await findCard(readModels(c), id);
    if (!card) throw new HttpProblem(404, 'Card not found');
    return await commandRoute(c, deps, null, async (_, metadata) =>
      cardAnswer(c, await cardCommand(deps, card.userId, build(admin.userId), metadata)),
    );
  };
  app.patch(
    '/:id/ship',
    responds(200, cardAnswerSchema),
    validate('param', idParam),
    validate('json', shipSchema),
    async (c) => {
      const input = c.req.valid('json');
      return await adminCommand(c, c.req.valid('param').id, (adminId) => ({
        type: 'ShipCard',
        data: { ...input, adminId },
        now: deps.now(),
      }));
    },
  );
  app.patch(
    '/:id/deliver',
    responds(200, cardAnswerSchema),
    validate('param', idParam),
    async (c) =>
      await adminCommand(c, c.req.valid('param').id, (adminId) => ({
        type: 'MarkDelivered',
        data: { adminId },
        now: deps.now(),
      })),
  );
  return app;
}
