import { DASHBOARD_CALLS } from '../lib/dashboard.ts';
import type { LoadRequest } from '../lib/loadGen.ts';
import { type TransferLoad, transferBody, zipfIndex } from './httpSetup.ts';

type BenchUsers = TransferLoad['users'];

/** The load's requests: transfers to the product and to the reference, the dashboard's reads, the mix. */
export function loadRequests(users: BenchUsers) {
  // The same Zipf senders (s = 1.1 over the users in order) as startTransferLoad's, drawn here so that
  // the product and the reference get the same distribution, with amounts of 0.01-1.00.
  const zipf = zipfIndex(users.length);
  const pair = () => {
    const s = zipf();
    let r = Math.floor(Math.random() * users.length);
    if (r === s) r = (s + 1) % users.length;
    const cents = 1 + Math.floor(Math.random() * 100);
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    return { sender: users[s]!, receiver: users[r]!, amount };
  };
  const transfer = (): LoadRequest => {
    const { sender, receiver, amount } = pair();
    return {
      kind: 'transfer',
      method: 'POST',
      path: '/api/transactions',
      headers: { 'content-type': 'application/json', cookie: sender.cookie },
      body: transferBody(receiver.id, amount),
    };
  };
  const referenceTransfer = (): LoadRequest => {
    const { sender, receiver, amount } = pair();
    return {
      kind: 'transfer',
      method: 'POST',
      path: '/transfer',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: sender.id, to: receiver.id, amount }),
    };
  };
  // A random signed-in user's random dashboard read. The card answers 404 for a user without one.
  const read = (): LoadRequest => {
    const user = users[Math.floor(Math.random() * users.length)]!;
    const call = DASHBOARD_CALLS[Math.floor(Math.random() * DASHBOARD_CALLS.length)]!;
    return {
      kind: `read:${call.name}`,
      method: 'GET',
      path: call.path(user.id),
      headers: { cookie: user.cookie },
      ok: call.name === 'card' ? (s) => s === 200 || s === 404 : undefined,
    };
  };
  const mixed = () => (Math.random() < 0.1 ? transfer() : read());
  return { transfer, referenceTransfer, read, mixed };
}
