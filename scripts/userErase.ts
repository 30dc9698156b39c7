import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { requestMetadata } from '../app/context.ts';
import { erasePerson, PersonHoldsMoneyError } from '../app/privacy/erasure.ts';
import { scrubReadModelsNow } from '../app/privacy/erasureScrub.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { isUserId } from '../domain/shared/ids.ts';
import { allProjections } from '../projections/index.ts';
import { runMain } from '../runtime/main.ts';
import { withToolServices } from './toolServices.ts';

const USAGE = 'usage: npm run user:erase -- --user ID --reason TEXT [--move-to-dormant]\n';

/**
 * npm run user:erase -- --user ID --reason TEXT [--move-to-dormant]
 * Erases a person (docs/product-rules.md, erasure; app/privacy/erasure.ts) as the admin action does, with
 * no admin as its actor (PersonErased.erasedBy is null). Prints the result as JSON; while the person
 * still holds money it prints the blockers as JSON and exits 1 (with --move-to-dormant their balances are
 * moved to dormant:<ASSET> instead of blocking). Run again, it answers the first erasure. The reason is
 * kept in the log: it must not name the person. Uses the same database as `npm start`; stop the server
 * first when it uses the embedded database. It scrubs the read models itself before it prints (no
 * projection worker runs in it), so nothing of the person is left in them once it says so.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      user: { type: 'string' },
      reason: { type: 'string' },
      'move-to-dormant': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const input = z
    .object({
      user: z.string({ error: '--user is required' }).refine(isUserId, '--user must be a user id'),
      reason: z
        .string({ error: '--reason is required' })
        .trim()
        .min(1, '--reason is required')
        .max(500, '--reason must be at most 500 characters'),
      'move-to-dormant': z.boolean(),
    })
    .safeParse(values);
  if (!input.success) {
    process.stderr.write(`${input.error.issues.map((i) => i.message).join('\n')}\n${USAGE}`);
    process.exit(2);
  }
  const exitCode = await withToolServices(async (services) => {
    try {
      const result = await erasePerson(services.deps, {
        userId: input.data.user,
        actorId: null,
        reason: input.data.reason,
        moveBalancesToDormant: input.data['move-to-dormant'],
        metadata: requestMetadata(null, `user-erase-${randomUUID()}`),
      });
      // No projection worker runs here (the server may be stopped): the read models are scrubbed now, so
      // that "erased" is true of every table when it is printed.
      await scrubReadModelsNow(services.deps, allProjections, result.userId);
      const { position: _, ...shown } = result;
      process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
      return 0;
    } catch (error) {
      if (error instanceof PersonHoldsMoneyError) {
        process.stdout.write(
          `${JSON.stringify({ refused: error.message, blockers: error.blockers }, null, 2)}\n`,
        );
        return 1;
      }
      if (error instanceof DomainError) {
        process.stderr.write(`user:erase refused: ${error.message}\n`);
        return 1;
      }
      throw error;
    }
  });
  process.exit(exitCode);
}

runMain('user:erase', main);
