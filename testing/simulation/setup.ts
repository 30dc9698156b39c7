/** The simulated world before the faults (see simulation.ts): users, an admin, SAI and ETH on every account. */
import { createHash } from 'node:crypto';
import { StateCache } from '../../app/commands/handleCommand.ts';
import { confirmDeposit, declareDeposit } from '../../app/crypto/crypto.service.ts';
import { mintTokens } from '../../app/ledger/ledger.service.ts';
import { cryptoDepositStream } from '../../domain/crypto/cryptoDeposit.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { parseUserId, type UserId } from '../../domain/shared/ids.ts';
import { userStream } from '../../domain/users/user.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import { contextOf, metadata, milliEth, money, type Process, type World } from './world.ts';

/** A well-formed user id named by `name` (8 hex digits of its hash): a seed's users are the same on every run. */
function nameBasedUserId(name: string): UserId {
  return parseUserId(createHash('sha256').update(name).digest('hex').slice(0, 8));
}

/** Registers the users and the admin and funds every user; straight on the store (no scheduling point, no fault). */
export async function seedWorld(world: World, seed: number) {
  const { random, now } = world;
  const userCount = random.int(2, 5);
  const users = Array.from({ length: userCount }, (_, i) => nameBasedUserId(`sim:${seed}:user:${i}`));
  const adminId = nameBasedUserId(`sim:${seed}:admin`);
  for (const [i, userId] of [...users, adminId].entries()) {
    await world.inner.append(
      userStream(userId),
      [
        {
          id: nameBasedUuid(`sim:${seed}:registered:${i}`),
          type: 'UserRegistered',
          data: {
            userId,
            email: `sim${i}@example.com`,
            username: `sim${i}`,
            firstName: 'Sim',
            lastName: `User${i}`,
            bio: '',
            profileImageUrl: '',
            isAdmin: userId === adminId,
            registeredAt: now().toISOString(),
          },
          metadata: { actorId: null, correlationId: 'setup', causationId: null },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  const setupProcess: Process = { name: 'setup', alive: true, cache: new StateCache(), store: world.inner };
  const setup = contextOf(world, setupProcess);
  const setupDone = (async () => {
    for (const [i, userId] of users.entries()) {
      await mintTokens(
        setup,
        {
          transactionId: nameBasedUuid(`sim:${seed}:fund:${i}`),
          userId,
          units: money(random.int(0, 10_000)),
          source: 'distribution',
          paymentId: null,
          description: 'Opening balance',
          mintedBy: adminId,
        },
        metadata(adminId, 'setup'),
      ).catch((error: unknown) => {
        // A zero opening balance is refused by the decider: that user starts empty.
        if (!(error instanceof DomainError)) throw error;
      });
      const depositId = nameBasedUuid(`sim:${seed}:eth:${i}`);
      await declareDeposit(
        setup,
        { depositId, userId, asset: 'ETH', network: 'arbitrum', txHash: null },
        metadata(userId, 'setup'),
      );
      await confirmDeposit(
        setup,
        depositId,
        {
          units: milliEth(random.int(1, 2_000)),
          // Declared without a hash, so the confirmation gives one (one transaction per deposit).
          txHash: `0x${createHash('sha256').update(depositId).digest('hex')}`,
        },
        adminId,
        metadata(adminId, 'setup'),
        nameBasedUuid(`sim:${seed}:eth-confirm:${i}`),
      );
      if ((await world.inner.readStream(cryptoDepositStream(depositId))).length !== 2)
        throw new Error('setup: the deposit was not confirmed');
    }
  })();
  // The setup talks to the store directly: no scheduling point, no fault.
  await setupDone;
  return { userCount, users, adminId };
}
