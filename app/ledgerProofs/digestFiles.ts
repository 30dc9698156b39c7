import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The digest folder's files (DIGEST_DIR, docs/architecture/verifiable-ledger.md "Signed digests"): written
 * durably, and the ones a crash left behind found again.
 */

/**
 * Writes the file complete or not at all, and durably: a temporary name, its bytes flushed to the disk
 * (fsync), renamed over the final name, then the folder flushed so the rename itself survives a power cut.
 * Without the two flushes a crash could leave a catalogued digest whose file is empty or absent.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(dir);
}

/** fsync of a folder: what makes a rename in it durable. Platforms that cannot (Windows) are skipped. */
export async function syncFolder(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error;
  } finally {
    await handle?.close();
  }
}

/** `digest-<treeSize>-<time>.json`, the names DigestService writes. */
const DIGEST_FILE = /^digest-(\d+)-[0-9TZ.-]+\.json$/;
/** A temporary of writeFileAtomically for a digest file: what a crash before its rename leaves. */
const DIGEST_TEMPORARY = /^digest-\d+-[0-9TZ.-]+\.json\.\d+\.[0-9a-f]+\.tmp$/;

export interface DigestFolderScan {
  /** Digest file names, oldest first (by tree size, then time). */
  digests: string[];
  /** Leftover temporaries: never renamed into place, so never published. */
  temporaries: string[];
}

/** The digest files and leftover temporaries in `dir` (none when the folder does not exist yet). */
export async function scanDigestFolder(dir: string): Promise<DigestFolderScan> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { digests: [], temporaries: [] };
    throw error;
  }
  const sizeOf = (name: string) => BigInt(DIGEST_FILE.exec(name)![1]!);
  const digests = names
    .filter((name) => DIGEST_FILE.test(name))
    .sort((a, b) => {
      const bySize = sizeOf(a) - sizeOf(b);
      return bySize !== 0n ? (bySize < 0n ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0;
    });
  return { digests, temporaries: names.filter((name) => DIGEST_TEMPORARY.test(name)) };
}

/** The parsed JSON of a digest file, or undefined when it is not JSON at all. */
export async function readDigestFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Moves a file out of the published set (`.rejected` appended), kept as evidence rather than deleted. */
export async function setAside(dir: string, name: string): Promise<string> {
  const aside = `${name}.rejected`;
  await rename(path.join(dir, name), path.join(dir, aside));
  await syncFolder(dir);
  return aside;
}
