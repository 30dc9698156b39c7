import { Hono } from 'hono';
import { latestLiabilitiesStatement } from '../../app/ledgerProofs/liabilities.table.ts';
import { LiabilityProofUnavailableError, liabilityProofFor } from '../../app/ledgerProofs/liabilities.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpProblem, PROBLEM_TYPES } from '../http/problem.ts';
import { requireUser } from '../http/session.ts';
import { responds } from '../http/validate.ts';
import { liabilitiesAnswer, liabilityProofDocument } from './ledger.schemas.ts';

/** Proof of liabilities (docs/architecture/verifiable-ledger.md): the public totals and each user's proof. */
export function ledgerRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // Public: the latest signed statement of what is owed per asset, and the key that signed it.
  app.get('/liabilities', responds(200, liabilitiesAnswer), async (c) => {
    const { signer } = deps.ledgerProofs;
    const latest = await latestLiabilitiesStatement(deps.pool);
    return c.json({ statement: latest?.statement ?? null, publicKey: signer.publicKey });
  });

  // The caller's balances in the latest statement, each with its path to the signed root.
  app.get('/liabilities/proof', responds(200, liabilityProofDocument), async (c) => {
    const session = requireUser(c);
    const { signer } = deps.ledgerProofs;
    const proof = await liabilityProofFor(deps.pool, signer, session.userId).catch((error: unknown) => {
      if (!(error instanceof LiabilityProofUnavailableError)) throw error;
      deps.logger.error({ err: error.message }, 'liability proof unavailable');
      throw new HttpProblem(503, 'Liability proofs are unavailable until the next statement', {
        code: 'liability_proof_unavailable',
        headers: { 'Retry-After': '60' },
      });
    });
    if (!proof)
      throw new HttpProblem(404, 'No liabilities statement has been published yet', {
        type: PROBLEM_TYPES.noLiabilityProof,
        code: 'no_liability_proof',
      });
    if (proof.entries.length === 0)
      throw new HttpProblem(404, 'You held no balance at the latest liabilities statement', {
        type: PROBLEM_TYPES.noLiabilityProof,
        code: 'no_liability_proof',
      });
    return c.json(proof);
  });

  return app;
}
