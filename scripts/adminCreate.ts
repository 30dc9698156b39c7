import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ensureAdmin } from '../app/bootstrap/accounts.ts';
import { runMain } from '../runtime/main.ts';
import { withToolServices } from './toolServices.ts';

/**
 * npm run admin:create -- --email E --password P
 * Creates an admin, or promotes an existing user and resets their password (their sessions end).
 * Uses the same DATABASE_URL / embedded data directory as `npm start`; stop the server first when it
 * uses the embedded database.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const input = z
    .object({
      email: z.email({ error: '--email must be an e-mail address' }),
      password: z
        .string({ error: '--password is required' })
        .min(8, '--password must be at least 8 characters')
        .max(128),
    })
    .safeParse(values);
  if (!input.success) {
    process.stderr.write(
      `${input.error.issues.map((i) => i.message).join('\n')}\nusage: npm run admin:create -- --email E --password P\n`,
    );
    process.exit(2);
  }
  await withToolServices(async (services) => {
    const result = await ensureAdmin(services.deps, input.data.email, input.data.password, {
      resetPassword: true,
    });
    process.stdout.write(
      `${result.created ? 'Created admin' : 'Made admin and reset the password of'} ${input.data.email} (user ${result.userId})\n`,
    );
  });
}

runMain('admin:create', main);
