import { Hono } from 'hono';
import { z } from 'zod';
import { listDigests } from '../../app/ledgerProofs/digests.table.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { pageLimit } from '../http/paging.ts';
import { requireAdmin } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

/** The verifiable ledger's formats (domain/verifiable/formats.ts), for the OpenAPI document. */
export const publicKeyAnswer = z.object({
  format: z.literal('sai-ledger-public-key'),
  version: z.literal(1),
  keyId: z.string().describe('First 16 bytes of SHA-256 over the raw public key, hex'),
  algorithm: z.literal('Ed25519'),
  spki: z.string().describe('SubjectPublicKeyInfo, PEM'),
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
  keys: z
    .array(
      z.object({
        keyId: z.string(),
        jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
        validFrom: z.string().describe('From when the key signs; the next key ends it'),
        previousKeyId: z.string().nullable(),
        rotationSignature: z
          .string()
          .nullable()
          .describe('Ed25519 (base64) by the previous key over the rotation message; null for the first key'),
      }),
    )
    .optional()
    .describe('Every key the ledger signed with, oldest first, the last being this one'),
});

export const digestAnswer = z.object({
  format: z.literal('sai-ledger-digest'),
  version: z.literal(1),
  treeSize: z.string().describe("Events covered: the log's first treeSize events"),
  root: z.string().describe('Merkle root (RFC 9162) of their leaves, hex'),
  time: z.string(),
  keyId: z.string(),
  signature: z.string().describe('Ed25519, base64, over the canonical digest message'),
  blocks: z
    .object({ blockSize: z.string(), hashes: z.array(z.string()) })
    .optional()
    .describe('Unsigned roots of aligned blocks, checked against the root before use'),
});

export const digestsAnswer = z.object({ items: z.array(digestAnswer), nextCursor: z.string().nullable() });

/**
 * `GET /api/ledger/public-key` (anyone): the key document — the key that signs the log's digests, with the
 * history of every key before it (format LedgerPublicKey with `keys`).
 */
export function ledgerPublicKeyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/public-key', responds(200, publicKeyAnswer), async (c) => {
    // Public and stable for the key's life: caches may keep it a while.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await deps.ledgerProofs.keyDocument());
  });
  return app;
}

const digestsQuery = z.strictObject({
  limit: pageLimit(200, 50),
  cursor: z
    .string({ error: 'Invalid cursor' })
    .regex(/^[1-9]\d{0,17}$/, 'Invalid cursor: use the nextCursor of the previous page')
    .optional(),
});

/** `GET /api/admin/ledger/digests` (admins): the published digests, newest first, for auditors to copy. */
export function adminDigestRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/digests', responds(200, digestsAnswer), validate('query', digestsQuery), async (c) => {
    requireAdmin(c);
    const { limit, cursor } = c.req.valid('query');
    return c.json(await listDigests(deps.pool, limit, cursor ?? null));
  });
  return app;
}
