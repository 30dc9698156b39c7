import path from 'node:path';
import { parseArgs } from 'node:util';
import { signDigest, writeFileAtomically } from '../app/ledgerProofs/digests.ts';
import { replayLogTree } from '../app/ledgerProofs/logReplay.ts';
import { runMain } from '../runtime/main.ts';
import { withToolServices } from './toolServices.ts';

const USAGE = 'usage: npm run ledger:digest -- --out FILE\n';

/**
 * npm run ledger:digest -- --out FILE — signs a digest of the log as it stands
 * (docs/architecture/verifiable-ledger.md): the Merkle tree rebuilt from a replay of the log (not the tree follower's tables,
 * so a digest can be taken of any copy), signed with the configured key, with its block hashes, written to
 * FILE (complete or not at all). Keep the file where the database's administrators cannot change it;
 * `npm run ledger:verify -- --digest FILE` later proves the log still extends it.
 */
async function main() {
  let out: string;
  try {
    const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
    if (!values.out) throw new Error('--out is required');
    out = path.resolve(values.out);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  await withToolServices(async (services) => {
    const tree = await replayLogTree(services.deps.store, (n) => {
      if (process.stderr.isTTY) process.stderr.write(`\rread ${n.toLocaleString('en-US')} events`);
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const digest = signDigest(
      services.deps.ledgerProofs.signer,
      { treeSize: tree.size, root: tree.root(), time: new Date() },
      tree.blocks(),
    );
    await writeFileAtomically(out, `${JSON.stringify(digest, null, 2)}\n`);
    process.stdout.write(
      `signed digest of ${digest.treeSize} events, root ${digest.root}, key ${digest.keyId}, written to ${out}\n`,
    );
  });
  process.exit(0);
}

runMain('ledger:digest', main, 2);
