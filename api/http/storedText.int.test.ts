import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setUpAdminClient, setUpTestApp, setUpUserClient, signedUpClient } from '../../testing/testApp.ts';

/**
 * Every stored free-text field answers to one rule (domain/shared/text.ts): the same characters are
 * refused with a 400 that names the field, and nothing is appended.
 */
interface TextField {
  endpoint: string;
  as: 'user' | 'admin' | 'visitor';
  method: 'POST' | 'PATCH';
  path: string;
  body: (text: string) => Record<string, unknown>;
  field: string;
  label: string;
  multiline?: boolean;
}

const SOME_ID = randomUUID();
const address = {
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
};
const fieldsOf = (
  endpoint: string,
  as: TextField['as'],
  method: TextField['method'],
  path: string,
  base: Record<string, unknown>,
  fields: [field: string, label: string, multiline?: boolean][],
): TextField[] =>
  fields.map(([field, label, multiline]) => ({
    endpoint,
    as,
    method,
    path,
    body: (text) => ({ ...base, [field]: text }),
    field,
    label,
    multiline,
  }));

const REGISTRATION = {
  username: 'text_rule_user',
  email: 'text.rule@example.com',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
  termsAgreed: true,
};

const FIELDS: TextField[] = [
  ...fieldsOf('register', 'visitor', 'POST', '/api/auth/register', REGISTRATION, [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['bio', 'Bio', true],
  ]),
  ...fieldsOf('profile', 'user', 'PATCH', '/api/account/profile', {}, [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['bio', 'Bio', true],
  ]),
  ...fieldsOf(
    'transfer',
    'user',
    'POST',
    '/api/transactions',
    { type: 'transfer', receiver_id: 'abcd1234', amount: '1' },
    [['description', 'Description']],
  ),
  ...fieldsOf(
    'crypto transfer',
    'user',
    'POST',
    '/api/crypto/transfer',
    { recipientEmail: 'someone@example.com', currency: 'SAI', amount: '1' },
    [['description', 'Description']],
  ),
  ...fieldsOf(
    'withdrawal',
    'user',
    'POST',
    '/api/crypto/withdraw',
    { currency: 'BTC', amount: '0.1', address: 'bc1qexampleaddress0000', chain: 'bitcoin' },
    [['notes', 'Notes']],
  ),
  ...fieldsOf(
    'payment proof',
    'user',
    'POST',
    '/api/payments/verify',
    { paymentMethod: 'ETH', amount: '10' },
    [['notes', 'Notes']],
  ),
  ...fieldsOf('card request', 'user', 'POST', '/api/cards', address, [
    ['address', 'Address'],
    ['city', 'City'],
    ['state', 'State'],
    ['zipCode', 'ZIP code'],
    ['country', 'Country'],
  ]),
  ...fieldsOf('card address', 'user', 'PATCH', `/api/cards/${SOME_ID}/shipping`, address, [
    ['address', 'Address'],
    ['country', 'Country'],
  ]),
  ...fieldsOf(
    'contact',
    'visitor',
    'POST',
    '/api/contact',
    { fullName: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' },
    [
      ['fullName', 'Full name'],
      ['subject', 'Subject'],
      ['message', 'Message', true],
    ],
  ),
  ...fieldsOf(
    'deposit rejection',
    'admin',
    'PATCH',
    `/api/admin/crypto/deposits/${SOME_ID}`,
    { action: 'reject' },
    [['reason', 'Reason']],
  ),
  ...fieldsOf(
    'withdrawal failure',
    'admin',
    'PATCH',
    `/api/admin/crypto/withdrawals/${SOME_ID}`,
    { action: 'fail' },
    [['reason', 'Reason']],
  ),
  ...fieldsOf('payment rejection', 'admin', 'PATCH', `/api/payments/${SOME_ID}/verify`, { approved: false }, [
    ['reason', 'Reason'],
  ]),
];

/** What the rule refuses in every field, and the words of its message. */
const REFUSED: [text: string, message: string][] = [
  ['invoice\u202Etxt.exe', 'contains an invisible text-direction character (U+202E)'],
  ['left\u202Aright', 'contains an invisible text-direction character (U+202A)'],
  ['\u2066isolated\u2069', 'contains an invisible text-direction character (U+2066)'],
  ['mark\u200Fed', 'contains an invisible text-direction character (U+200F)'],
  ['arabic\u061Cmark', 'contains an invisible text-direction character (U+061C)'],
  ['pay\u200Bpal', 'contains an invisible formatting character (U+200B)'],
  ['pay\u200Dpal', 'contains an invisible formatting character (U+200D)'],
  ['word\u2060joiner', 'contains an invisible formatting character (U+2060)'],
  ['byte\uFEFForder', 'contains an invisible formatting character (U+FEFF)'],
  ['escape\u001B[2J', 'contains a control character (U+001B)'],
  ['c1\u009Bcontrol', 'contains a control character (U+009B)'],
];

/** Text people write, accepted everywhere. */
const ACCEPTED = [
  'Zürich Straße, café',
  '東京都 渋谷区',
  'مرحبا بالعالم',
  'שלום עולם',
  'می\u200Cخواهم',
  'lunch 🍕 👩‍💻 🏳️‍🌈',
];

describe('one rule for every stored free-text field', () => {
  const t = setUpTestApp();
  const user = setUpUserClient(t);
  const admin = setUpAdminClient(t, 'text.admin@example.com');

  const clientFor = (as: TextField['as']) => (as === 'user' ? user : as === 'admin' ? admin : t.client());

  it('refuses direction controls, zero-width and control characters in every field, naming it', async () => {
    const before = await t.eventCount();
    for (const f of FIELDS) {
      for (const [text, words] of REFUSED) {
        const reply = await clientFor(f.as).request(f.method, f.path, f.body(text));
        const what = `${f.endpoint} ${f.field} ${JSON.stringify(text)}`;
        expect(reply.status, what).toBe(400);
        expect(reply.body.fieldErrors?.[f.field], what).toBe(`${f.label} ${words}`);
        expect(reply.body.message, what).toBe(`${f.label} ${words}`);
      }
    }
    expect(await t.eventCount()).toBe(before);
  });

  it('keeps line breaks and tabs in the multi-line fields (bio, contact message) only', async () => {
    for (const f of FIELDS) {
      const reply = await clientFor(f.as).request(f.method, f.path, f.body('line one\nline two\r\n\tthree'));
      if (f.multiline) expect(reply.body?.fieldErrors?.[f.field], f.endpoint).toBeUndefined();
      else expect(reply.body.fieldErrors?.[f.field], f.endpoint).toBe(`${f.label} must be a single line`);
    }
  });

  it('lets the same legitimate text through the rule of every field', async () => {
    // The rule, not the rest of each request: the field has no error, whatever else the answer says.
    for (const f of FIELDS) {
      for (const text of ACCEPTED) {
        const reply = await clientFor(f.as).request(f.method, f.path, f.body(text));
        expect(reply.body?.fieldErrors?.[f.field], `${f.endpoint} ${f.field} ${text}`).toBeUndefined();
      }
    }
  });

  it('stores legitimate text as written: a profile, a transfer description, a contact message', async () => {
    const bio = `${ACCEPTED.join('\n')}\n\ttabbed`;
    const profile = await user.patch('/api/account/profile', {
      firstName: 'Zoë 👩‍💻',
      lastName: 'שלום',
      bio,
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ firstName: 'Zoë 👩‍💻', lastName: 'שלום', bio });

    const { user: recipient } = await signedUpClient(t);
    const sender = await signedUpClient(t);
    const funded = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      receiver_id: sender.user.id,
      amount: '10',
    });
    expect(funded.status, funded.text).toBe(201);
    for (const description of ACCEPTED) {
      const sent = await sender.client.post('/api/transactions', {
        type: 'transfer',
        receiver_id: recipient.id,
        amount: '1',
        description,
      });
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body.description).toBe(description);
    }

    const contact = await t.client().post('/api/contact', {
      fullName: 'محمد',
      email: 'm@example.com',
      subject: '東京 🏳️‍🌈',
      message: 'Line one\r\nLine two\tcol',
    });
    expect(contact.status).toBe(201);
  });
});
