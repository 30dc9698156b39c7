import { useState } from 'react';
import {
  type Proof,
  type ProofRefusal,
  reauthenticationRefusal,
  useProofField,
} from '@/ui/review/ProofField.tsx';

/** The proof a money decision's dialog could not read (the field shows why): keeps the dialog open. */
export class ProofMissing extends Error {}

/**
 * The admin's fresh proof in the confirm step of a money decision (docs/security.md, "Admin
 * re-authentication and four-eyes"): the password, or the authenticator code when 2FA is on, the same
 * field the withdrawal's review asks (ProofField.tsx). `read` gives the proof or throws `ProofMissing`
 * (the field says why); `refused` takes a failed command's error and, when the server refused the proof,
 * shows its message on the field (cleared: a code works once) and says so. `send` reads it for a command.
 */
export function useAdminProof(pending: boolean) {
  const [refusal, setRefusal] = useState<ProofRefusal | null>(null);
  const field = useProofField(refusal, pending);
  const read = (): Proof => {
    const proof = field.read();
    if (!proof) throw new ProofMissing('Enter your password or code to confirm');
    return proof;
  };
  return {
    element: field.element,
    read,
    /** Sends with the proof read; a missing proof rejects instead, so the dialog stays open. */
    send: <Result,>(command: (proof: Proof) => Promise<Result>): Promise<Result> => {
      let proof: Proof;
      try {
        proof = read();
      } catch (error) {
        return Promise.reject(error);
      }
      return command(proof);
    },
    refused: (error: unknown): boolean => {
      const refused = reauthenticationRefusal(error);
      if (refused) setRefusal(refused);
      return refused !== null;
    },
  };
}

/** The proof fields a decision's body may carry (api/http/reauth.ts). */
export type ProofFields = { password?: string; totpCode?: string };

/**
 * What makes two sends the same decision (its idempotency key): everything but the proof, wherever it is
 * (the command, or its `decision`), so a retry with a fresh code keeps the key (the server ignores it too).
 */
export function withoutProof(command: object): unknown {
  const { password: _p, totpCode: _t, ...rest } = command as ProofFields & Record<string, unknown>;
  const decision = rest.decision;
  return typeof decision === 'object' && decision !== null
    ? { ...rest, decision: withoutProof(decision) }
    : rest;
}
