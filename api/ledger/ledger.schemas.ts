import { z } from 'zod';

/**
 * The verifiable ledger's documents as the API answers them (domain/verifiable/formats.ts: version 1, the
 * liability proof version 2).
 * Output schemas only: they describe the answers in the OpenAPI
 * document; the documents are checked by verifyFile (domain/verifiable/verify.ts), not by these.
 */
const count = z.string().describe('A non-negative integer, as a decimal string');
const hash = z.string().describe('SHA-256, lower-case hex');

export const publicKeyAnswer = z.object({
  format: z.literal('sai-ledger-public-key'),
  version: z.literal(1),
  keyId: z.string(),
  algorithm: z.literal('Ed25519'),
  spki: z.string().describe('SubjectPublicKeyInfo, PEM'),
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
});

export const digestAnswer = z.object({
  format: z.literal('sai-ledger-digest'),
  version: z.literal(1),
  treeSize: count.describe('Events covered: public positions 0 .. treeSize-1'),
  root: hash,
  time: z.string(),
  keyId: z.string(),
  signature: z.string().describe('Ed25519, base64'),
  blocks: z.object({ blockSize: count, hashes: z.array(hash) }).optional(),
});

export const receiptDocument = z
  .object({
    format: z.literal('sai-ledger-receipt'),
    version: z.literal(1),
    transactionId: z.string(),
    events: z.array(
      z.object({
        position: count.describe("The event's 0-based index in log order"),
        streamName: z.string(),
        revision: count,
        id: z.string(),
        type: z.string(),
        data: z.unknown().describe('As stored: personal fields are sealed envelopes'),
        metadata: z.object({
          actorId: z.string().nullable(),
          correlationId: z.string(),
          causationId: z.string().nullable(),
          idempotencyKey: z.string().nullable(),
          schemaVersion: z.number().int().optional(),
        }),
        prevHash: hash.nullable(),
        hash,
        proof: z.array(hash).describe('Inclusion proof (RFC 9162), leaf to root'),
      }),
    ),
    digest: digestAnswer,
    publicKey: publicKeyAnswer,
  })
  .describe('A verifiable receipt: check it at /verify or with npm run ledger:verify-receipt');

export const liabilitiesStatement = z.object({
  format: z.literal('sai-liabilities'),
  version: z.literal(1),
  treeSize: count,
  logRoot: hash,
  time: z.string(),
  keyId: z.string(),
  assets: z.array(
    z.object({
      asset: z.string(),
      decimals: z.number().int(),
      total: z.string().describe('What is owed in this asset, a decimal string'),
      root: hash,
      leaves: count,
    }),
  ),
  signature: z.string(),
});

export const liabilitiesAnswer = z.object({
  statement: liabilitiesStatement.nullable().describe('Null before the first statement'),
  publicKey: publicKeyAnswer,
});

export const liabilityProofDocument = z
  .object({
    format: z.literal('sai-liability-proof'),
    version: z.literal(2),
    statement: liabilitiesStatement,
    entries: z.array(
      z.object({
        asset: z.string(),
        account: z.string(),
        balance: z.string(),
        parts: z
          .array(
            z.object({
              amount: z.string().describe('A random share of the balance'),
              nonce: z.string().describe('Given only to this user: the leaf is identified by it'),
              index: count,
              path: z.array(z.object({ sum: z.string(), hash })),
            }),
          )
          .describe('The leaves the balance is split over: their amounts add up to it'),
      }),
    ),
    publicKey: publicKeyAnswer,
  })
  .describe("The caller's balances as leaves of the signed liabilities: check it at /verify");
