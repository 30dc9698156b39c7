import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postingsOf } from '../../domain/ledger/postings.ts';
import { csvCell } from '../../domain/shared/csv.ts';
import { comparePositions, formatPosition } from '../../infra/eventStore/eventStore.ts';
import { type AuditLedger, withAuditLedger } from '../../testing/auditLedger.ts';
import { parseCsv } from '../../testing/csv.ts';
import { readWholeLog } from '../../testing/projections.ts';
import { createTestDatabase } from '../../testing/testDb.ts';
import { toolEnv } from '../../testing/toolEnv.ts';

let t: AuditLedger['t'];

let admin: AuditLedger['admin'];

let alice: AuditLedger['alice'];

withAuditLedger((ledger) => ({ t, admin, alice } = ledger));

describe('audit, statements and exports', () => {
  it('gives the balance as of any log position and any time, equal to a replay of the log up to there', async () => {
    const log = await readWholeLog(t.deps.store);
    const account = `user:${alice.user.id}`;
    let replayed = 0n;
    let checked = 0;
    for (const event of log) {
      for (const p of postingsOf(event)) {
        if (p.asset !== 'SAI') continue;
        if (p.from === account) replayed -= p.units;
        if (p.to === account) replayed += p.units;
      }
      const byPosition = await admin.get(
        `/api/admin/ledger/balance?account=${account}&asset=SAI&position=${formatPosition(event.position)}`,
      );
      expect(byPosition.status).toBe(200);
      expect(
        BigInt(byPosition.body.balance.replace('.', '').replace(/0{6}$/, '')),
        formatPosition(event.position),
      ).toBe(replayed);
      checked++;
    }
    expect(checked).toBe(log.length);
    // As of a time: everything recorded at or before it.
    const mid = log.find((e) => e.type === 'TokensTransferred')!;
    const byTime = await admin.get(
      `/api/admin/ledger/balance?account=${account}&asset=SAI&at=${mid.recordedAt.toISOString()}`,
    );
    const upTo = log.filter((e) => e.recordedAt <= mid.recordedAt);
    let expected = 0n;
    for (const e of upTo)
      for (const p of postingsOf(e))
        expected += (p.to === account ? p.units : 0n) - (p.from === account ? p.units : 0n);
    expect(BigInt(byTime.body.balance.replace('.', '').replace(/0{6}$/, ''))).toBe(expected);
    expect((await admin.get(`/api/admin/ledger/balance?account=${account}&asset=SAI`)).status).toBe(400);
    expect(
      (await alice.client.get(`/api/admin/ledger/balance?account=${account}&asset=SAI&position=1-1`)).status,
    ).toBe(403);
    expect(comparePositions(log[0]!.position, log[1]!.position)).toBeLessThan(0);
  });
  it('gives a statement whose running balance goes from the opening to the closing balance', async () => {
    const account = `user:${alice.user.id}`;
    const s = await admin.get(
      `/api/admin/ledger/statement?account=${account}&asset=SAI&from=2020-01-01&to=2999-01-01`,
    );
    expect(s.status).toBe(200);
    expect(Number(s.body.openingBalance)).toBe(0);
    let running = Number(s.body.openingBalance) * 100;
    for (const row of s.body.rows) {
      running += Math.round(Number(row.amount) * 100);
      expect(Math.round(Number(row.balanceAfter) * 100)).toBe(running);
    }
    expect(Math.round(Number(s.body.closingBalance) * 100)).toBe(running);
    expect(s.body.closingBalance).toMatch(/^84\.50/);
  });
});

describe('audit, statements and exports', () => {
  it('exports the journal as CSV a spreadsheet reads right, with opening and closing balances that agree', async () => {
    const account = `user:${alice.user.id}`;
    const reply = await admin.get(
      `/api/admin/ledger/export?from=2020-01-01&to=2999-01-01&asset=SAI&account=${account}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv(reply.text);
    expect(rows[0]).toEqual([
      'position',
      'time',
      'transaction_id',
      'type',
      'asset',
      'amount',
      'debit_account',
      'credit_account',
      'debit_balance_after',
      'credit_balance_after',
      'actor',
      'description',
    ]);
    const body = rows.slice(1);
    expect(body[0]![3]).toBe('opening_balance');
    expect(body.at(-1)![3]).toBe('closing_balance');
    const postings = body.slice(1, -1);
    expect(postings).toHaveLength(6);
    for (const r of postings) expect(r).toHaveLength(12);
    const descriptions = postings.map((r) => r[11]);
    // Formula-looking text is neutralised; commas, quotes and newlines survive quoting.
    expect(descriptions).toContain(`'=HYPERLINK("http://evil.example")`);
    expect(descriptions).toContain("'+1 idea");
    expect(descriptions).toContain("'@handle -minus");
    expect(descriptions).toContain('Dinner, drinks and a "taxi"');
    expect(descriptions).toContain('Welcome, "friend"');
    // Closing − opening equals the signed sum of the rows, and both equal "balance as of".
    let sum = 0;
    for (const r of postings) sum += (r[7] === account ? 1 : -1) * Math.round(Number(r[5]) * 100);
    const opening = Math.round(Number(body[0]![5]) * 100);
    const closing = Math.round(Number(body.at(-1)![5]) * 100);
    expect(closing - opening).toBe(sum);
    const asOf = await admin.get(
      `/api/admin/ledger/balance?account=${account}&asset=SAI&at=2998-12-31T23:59:59.999Z`,
    );
    expect(Math.round(Number(asOf.body.balance) * 100)).toBe(closing);

    const jsonl = await admin.get(`/api/admin/ledger/export?from=2020-01-01&to=2999-01-01&format=jsonl`);
    const objects = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(objects.length).toBeGreaterThanOrEqual(6);
    expect(objects[0]).toHaveProperty('debit_account');
    expect((await alice.client.get('/api/admin/ledger/export?from=2020-01-01&to=2999-01-01')).status).toBe(
      403,
    );
    expect((await admin.get('/api/admin/ledger/export?from=2026-02-01&to=2026-01-01')).status).toBe(400);
  });
  it('quotes every cell a spreadsheet could misread', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('-3.00')).toBe('-3.00');
    expect(csvCell('-rm')).toBe(`"'-rm"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('x;=1+1')).toBe(`"x;'=1+1"`);
  });
});

describe('audit, statements and exports', () => {
  it('runs the same export from the command line into a file', async () => {
    const out = path.join(os.tmpdir(), `ledger-${process.pid}.csv`);
    const run = spawnSync(
      process.execPath,
      [
        'scripts/tool.mjs',
        'exportLedger',
        '--from',
        '2020-01-01',
        '--to',
        '2999-01-01',
        '--asset',
        'SAI',
        '--out',
        out,
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: toolEnv(t.db.url),
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const rows = parseCsv(readFileSync(out, 'utf8'));
    expect(rows.length).toBe(1 + 6);
    const bad = spawnSync(process.execPath, ['scripts/tool.mjs', 'exportLedger', '--from', 'yesterday'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: toolEnv(t.db.url, { LOG_LEVEL: 'info' }),
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--from must be a date');
    // A reader that closes the pipe (`| head`) ends the export quietly, not with "failed: write EPIPE".
    const closed = spawn(
      process.execPath,
      ['scripts/tool.mjs', 'exportLedger', '--from', '2020-01-01', '--to', '2999-01-01'],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: toolEnv(t.db.url),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    closed.stdout.destroy();
    let closedErr = '';
    closed.stderr.on('data', (d) => {
      closedErr += String(d);
    });
    const closedCode = await new Promise((resolve) => closed.on('exit', resolve));
    expect(closedErr).toBe('');
    expect(closedCode).toBe(0);
    // A database whose read models were never built: a clear refusal, not an empty CSV that looks like
    // a quiet period (the export reads the ledger read model and creates nothing).
    const empty = await createTestDatabase('noreadmodel');
    try {
      const unbuilt = spawnSync(
        process.execPath,
        ['scripts/tool.mjs', 'exportLedger', '--from', '2020-01-01', '--to', '2999-01-01'],
        {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: toolEnv(empty.url),
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(unbuilt.status).toBe(1);
      expect(unbuilt.stdout).toBe('');
      expect(unbuilt.stderr).toContain('no ledger read model yet');
      const tables = await empty.pool.query(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
      );
      expect(tables.rows[0].n).toBe(0);
    } finally {
      await empty.drop();
    }
  }, 60_000);
});

describe('audit, statements and exports', () => {
  it("lets a user download their own statement, and nobody else's", async () => {
    const reply = await alice.client.get('/api/transactions/statement.csv?from=2020-01-01&to=2999-01-01');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toContain('statement-2020-01-01-2999-01-01.csv');
    const rows = parseCsv(reply.text);
    expect(rows[1]![1]).toBe('opening_balance');
    expect(rows.at(-1)![1]).toBe('closing_balance');
    expect(rows.at(-1)![5]).toBe('84.50');
    expect(rows.filter((r) => r[1] === 'transfer')).toHaveLength(5);
    expect(
      (await t.client().get('/api/transactions/statement.csv?from=2020-01-01&to=2999-01-01')).status,
    ).toBe(401);
  });
  it("opens a stream's events with their hash chain, and a transaction with its events and balances", async () => {
    const streams = await admin.get(`/api/admin/audit/users/${alice.user.id}`);
    expect(streams.body.streams).toContain(`account-${alice.user.id}`);
    const page = await admin.get(`/api/admin/audit/streams/account-${alice.user.id}?limit=2`);
    expect(page.body.events).toHaveLength(2);
    expect(page.body.nextRevision).toBe(2);
    for (const e of page.body.events) {
      expect(e).toMatchObject({ hashValid: true, correlationId: expect.any(String) });
      expect(e.position).toMatch(/^\d+-\d+$/);
    }
    expect(page.body.events[1].prevHash).toBe(page.body.events[0].hash);
    // Personal fields are stored sealed: the hash is checked over what is stored, the data shown opened.
    const user = await admin.get(`/api/admin/audit/streams/user-${alice.user.id}`);
    expect(user.body.events[0]).toMatchObject({
      type: 'UserRegistered',
      hashValid: true,
      data: { email: alice.user.email, username: alice.user.username },
    });
    expect((await admin.get('/api/admin/audit/streams/es_events;drop')).status).toBe(400);
    expect((await alice.client.get(`/api/admin/audit/streams/account-${alice.user.id}`)).status).toBe(403);

    const history = await alice.client.get('/api/transactions?type=transfer&limit=1');
    const id = history.body.transactions[0].id;
    const detail = await admin.get(`/api/admin/transactions/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.events.map((e: { type: string }) => e.type)).toEqual([
      'TokensTransferred',
      'TransferReceived',
    ]);
    expect(detail.body.events[0]).toMatchObject({
      stream: expect.stringMatching(/^account-/),
      hash: expect.any(String),
    });
    const [from, to] = detail.body.balances;
    expect(Number(from.before) - Number(from.after)).toBeCloseTo(Number(detail.body.transaction.amount), 8);
    expect(Number(to.after) - Number(to.before)).toBeCloseTo(Number(detail.body.transaction.amount), 8);
    expect((await admin.get('/api/admin/transactions/nope')).status).toBe(404);
    // Who initiated it, by name: the sender of a transfer; the admin of a distribution, not a bare id.
    expect(detail.body.transaction.actor_id).toBe(detail.body.transaction.sender_id);
    expect(detail.body.transaction.actor_name).toBe(detail.body.transaction.sender_name);
    expect(detail.body.transaction.actor_name).toMatch(/^user_/);
    const me = (await admin.get('/api/auth/user')).body as { id: string; username: string };
    const minted = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '1.00',
      receiver_id: alice.user.id,
    });
    expect(minted.status, minted.text).toBe(201);
    await t.settle();
    const distribution = await admin.get(`/api/admin/transactions/${minted.body.id}`);
    expect(distribution.body.transaction).toMatchObject({ actor_id: me.id, actor_name: me.username });
    expect(distribution.body.events[0]).toMatchObject({ actorId: me.id, actorName: me.username });
    const projections = await admin.get('/api/admin/projections');
    expect(projections.body.map((p: { name: string }) => p.name)).toContain('ledger');
  });
});
