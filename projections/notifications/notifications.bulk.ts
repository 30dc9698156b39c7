import { DISPLAY_DECIMALS } from '../../domain/crypto/networks.ts';
import { PASSKEY_ADDED, PASSKEY_REMOVED } from '../../domain/users/passkeys.ts';
import { ERASED_USERNAME } from '../../domain/users/user.ts';
import { field, ifText, LOG_POSITION, LOG_TIME } from '../bulkSql.ts';
import { ERASED_PARAMS } from './noticeParams.ts';
import { SIGN_IN_ADVICE } from './signInNotice.ts';

/**
 * The notifications computed in SQL from the log (Projection.bulkSql): the same notice as noticesFor for
 * each event (title, text, type, the id it refers to), with the same id (nameBasedUuid of
 * `notification:<event id>:0`: SHA-1 through pgcrypto's digest, then the version and variant bits), and
 * then read where the log marked them read: one by id, or all of a user's made before the event.
 * projections/bulk.int.test.ts holds this to noticesFor over every event type; a notice changed there must
 * change here too, or that test fails.
 */
const tier = (name: string) =>
  `CASE ${field(name)} WHEN 'gold' THEN 'Gold' WHEN 'ruby' THEN 'Ruby Steel' WHEN 'black' THEN 'Black' END`;
/** shownAmount (notices.ts) in SQL: at least the asset's display decimals, no more zeros. */
const shown = (amount: string, asset: string | null) => {
  const places = asset
    ? `CASE ${asset} ${Object.entries(DISPLAY_DECIMALS)
        .map(([name, n]) => `WHEN '${name}' THEN ${n}`)
        .join(' ')} ELSE 2 END`
    : '2';
  const fraction = `rtrim(split_part(${amount}, '.', 2), '0')`;
  const width = `greatest(length(${fraction}), ${places})`;
  return `(split_part(${amount}, '.', 1) || CASE WHEN ${width} = 0 THEN '' ELSE '.' || rpad(${fraction}, ${width}, '0') END)`;
};
const amountOf = shown(field('amount'), field('asset'));
const saiAmount = shown(field('amount'), null);
/**
 * A notice's params (noticeParams.ts) as jsonb: a null value leaves its key out, as presentTexts leaves out
 * an empty one, so both paths store the same object.
 */
const params = (values: Record<string, string>) =>
  `jsonb_strip_nulls(jsonb_build_object(${Object.entries(values)
    .map(([key, value]) => `'${key}', ${value}`)
    .join(', ')}))`;
const NO_PARAMS = `'{}'::jsonb`;
/** An optional text field: null when missing or empty. */
const optional = (name: string) => `nullif(${field(name)}, '')`;
/** A fee's field, only when a fee was charged (feeParams in notices.ts). */
const charged = (name: string) =>
  `CASE WHEN coalesce(${field('fee')}::numeric, 0) > 0 THEN ${optional(name)} END`;
const money = { amount: amountOf, asset: field('asset') };
const quotedDescription = ifText('description', `' “' || ${field('description')} || '”'`);

const NOTICES: [
  type: string,
  title: string,
  message: string,
  kind: string,
  related: string,
  params: string,
  movement?: true,
][] = [
  [
    'CardRequested',
    'Card request submitted',
    `'Your ' || ${tier('tier')} || ' card was requested. It activates once your deposit is confirmed.'`,
    'card',
    'cardId',
    params({ tier: field('tier') }),
  ],
  [
    'CardPaymentSubmitted',
    'Verifying payment',
    `'We are verifying your payment for your card (1-2 business days).'`,
    'card',
    'cardId',
    NO_PARAMS,
  ],
  ['CardActivated', 'Card activated', `'Your metal card is active.'`, 'card', 'cardId', NO_PARAMS],
  [
    'CardShipped',
    'Card shipped',
    `'Your card is on its way by courier (3-7 working days). Tracking number ' || ${field('trackingNumber')} || ', estimated delivery ' || ${field('estimatedDelivery')} || '.'`,
    'card',
    'cardId',
    params({ trackingNumber: field('trackingNumber'), estimatedDelivery: field('estimatedDelivery') }),
  ],
  [
    'CardDelivered',
    'Card delivered',
    `'Your card has been delivered. Enjoy it!'`,
    'card',
    'cardId',
    NO_PARAMS,
  ],
  [
    'CardFrozen',
    'Card frozen',
    `'Your card is frozen; no payments go through until you unfreeze it.'`,
    'card',
    'cardId',
    NO_PARAMS,
  ],
  ['PasskeyAdded', 'Passkey added', `'${PASSKEY_ADDED}'`, 'system', 'passkeyId', NO_PARAMS],
  ['PasskeyRemoved', 'Passkey removed', `'${PASSKEY_REMOVED}'`, 'system', 'passkeyId', NO_PARAMS],
  ['CardUnfrozen', 'Card unfrozen', `'Your card works again.'`, 'card', 'cardId', NO_PARAMS],
  [
    'CardPinChanged',
    'PIN changed',
    `'Your card PIN was changed. If this was not you, freeze the card and contact support.'`,
    'card',
    'cardId',
    NO_PARAMS,
  ],
  [
    'CardStaked',
    'Card stake changed',
    `'Your card is now ' || ${tier('tier')} || '. SAI staked for it: ' || ${shown(field('staked'), null)} || '.'`,
    'card',
    'cardId',
    params({ tier: field('tier'), staked: shown(field('staked'), null) }),
  ],
  [
    'CardTierUpgraded',
    'Card upgraded',
    `'Your card is now ' || ${tier('to')} || '.'`,
    'card',
    'cardId',
    params({ to: field('to') }),
  ],
  [
    'CardUpgraded',
    'Card upgraded',
    `'You upgraded your card from ' || ${tier('from')} || ' to ' || ${tier('to')} || '. Its benefits apply from now on.'`,
    'card',
    'cardId',
    params({ from: field('from'), to: field('to') }),
  ],
  [
    'CryptoDepositConfirmed',
    'Deposit confirmed',
    `${amountOf} || ' ' || ${field('asset')} || ' were credited to your balance.'`,
    'transaction',
    'depositId',
    params(money),
    true,
  ],
  [
    'CryptoDepositRejected',
    'Deposit rejected',
    `'Your declared deposit was rejected' || ${ifText('reason', `': ' || ${field('reason')}`, `'.'`)}`,
    'system',
    'depositId',
    params({ reason: optional('reason') }),
    true,
  ],
  [
    'WithdrawalRequested',
    'Withdrawal Initiated',
    `'Your withdrawal of ' || ${amountOf} || ' ' || ${field('asset')} || ' is being processed (within 24 hours).'`,
    'transaction',
    'withdrawalId',
    params(money),
    true,
  ],
  [
    'WithdrawalCompleted',
    'Withdrawal completed',
    `${amountOf} || ' ' || ${field('asset')} || ' were sent (transaction ' || ${field('txHash')} || ').'`,
    'transaction',
    'withdrawalId',
    params({ ...money, txHash: field('txHash') }),
    true,
  ],
  [
    'WithdrawalFailed',
    'Withdrawal failed',
    `'Your withdrawal failed' || ${ifText('reason', `': ' || ${field('reason')}`)} || '. ' || ${amountOf} || ' ' || ${field('asset')} || ' are back in your balance.'`,
    'transaction',
    'withdrawalId',
    params({ ...money, reason: optional('reason') }),
    true,
  ],
  [
    'TokensTransferred',
    'Money received',
    `'You received ' || ${amountOf} || ' ' || ${field('asset')} || ' from ' || ${field('fromLabel')} || '.' || ${quotedDescription}`,
    'transaction',
    'transactionId',
    params({ ...money, from: field('fromLabel'), description: optional('description') }),
    true,
  ],
  [
    'TokensMinted',
    'Tokens received',
    `${amountOf} || ' ' || ${field('asset')} || ' were added to your balance.' || ${quotedDescription}`,
    'transaction',
    'transactionId',
    params({ ...money, description: optional('description') }),
    true,
  ],
  [
    'PaymentProofSubmitted',
    'Deposit submitted',
    `'Your payment proof for ' || ${saiAmount} || ' SAI is pending confirmation. Tokens are added automatically once it is confirmed (10-60 minutes).'`,
    'system',
    'paymentId',
    params({ amount: saiAmount }),
  ],
  [
    'PaymentApproved',
    'Payment approved',
    `'Your payment was approved: ' || ${saiAmount} || ' SAI are now in your balance.' || CASE WHEN coalesce(${field('fee')}::numeric, 0) > 0 THEN ' A conversion fee of ' || ${field('fee')} || ' SAI (' || ${field('feeRate')} || '%) was charged on top.' ELSE '' END`,
    'transaction',
    'paymentId',
    params({ amount: saiAmount, fee: charged('fee'), feeRate: charged('feeRate') }),
    true,
  ],
  [
    'PaymentRejected',
    'Payment rejected',
    `'Your payment proof was rejected' || ${ifText('reason', `': ' || ${field('reason')}`, `'.'`)} || ' You can submit a new one.'`,
    'system',
    'paymentId',
    params({ reason: optional('reason') }),
  ],
  [
    'SignedIn',
    'New sign-in',
    `'New sign-in from ' || ${ifText('browser', field('browser'), `'an unknown browser'`)} || ' on ' || ${ifText('os', field('os'), `'an unknown system'`)} || '. ${SIGN_IN_ADVICE}'`,
    'system',
    'sessionId',
    params({ browser: optional('browser'), os: optional('os') }),
  ],
];

const byType = (pick: (notice: (typeof NOTICES)[number]) => string) =>
  `CASE l.event_type ${NOTICES.map((n) => `WHEN '${n[0]}' THEN ${pick(n)}`).join(' ')} END`;

export const NOTIFICATIONS_BULK_SQL = `
INSERT INTO notifications (id, user_id, title, message, type, related_id, movement_id, counterparty_id,
  kind, params, created_at, position_commit, position_prepare)
SELECT encode(substr(set_byte(set_byte(h, 6, (get_byte(h, 6) & 15) | 80), 8, (get_byte(h, 8) & 63) | 128), 1, 16),
              'hex')::uuid,
       user_id, title, message, type, related_id, CASE WHEN movement THEN related_id END, counterparty_id,
       kind, params, created_at, position_commit, position_prepare
  FROM (SELECT digest('sai-wallet:notification:' || l.event_id::text || ':0', 'sha1') AS h,
               CASE WHEN l.event_type = 'TokensTransferred' THEN l.data->>'toUserId' ELSE l.data->>'userId' END
                 AS user_id,
               CASE WHEN l.event_type = 'TokensTransferred' THEN l.data->>'fromUserId' END AS counterparty_id,
               ${byType((n) => `'${n[1]}'`)} AS title,
               ${byType((n) => n[2])} AS message,
               ${byType((n) => `'${n[3]}'`)} AS type,
               ${byType((n) => `l.data->>'${n[4]}'`)} AS related_id,
               ${byType((n) => n[5])} AS params,
               ${byType((n) => (n[6] ? 'true' : 'false'))} AS movement,
               l.event_type AS kind,
               ${LOG_TIME} AS created_at, ${LOG_POSITION}
          FROM rebuild_log l
         WHERE (l.event_type IN (${NOTICES.filter((n) => n[0] !== 'TokensMinted')
           .map((n) => `'${n[0]}'`)
           .join(', ')})
                OR (l.event_type = 'TokensMinted' AND l.data->>'source' = 'distribution'))
           -- A sign-in from a known device and place is not announced (notices.ts).
           AND NOT (l.event_type = 'SignedIn' AND l.data->>'newDevice' = 'false')) n;

UPDATE notifications n SET is_read = true
  FROM rebuild_log l
 WHERE l.event_type = 'NotificationMarkedRead'
   AND n.id = (l.data->>'notificationId')::uuid AND n.user_id = l.data->>'userId'
   AND (n.position_commit, n.position_prepare) < (l.transaction_id::text::numeric, l.global_position::numeric);

-- Each user's last mark-all position, as an array: max() of a row (record) exists only from Postgres 18,
-- of an array on every version we support, and arrays compare element by element as rows do.
UPDATE notifications n SET is_read = true
  FROM (SELECT l.data->>'userId' AS user_id,
               max(ARRAY[l.transaction_id::text::numeric, l.global_position::numeric]) AS upto
          FROM rebuild_log l WHERE l.event_type = 'AllNotificationsMarkedRead' GROUP BY 1) m
 WHERE n.user_id = m.user_id AND NOT n.is_read
   AND (n.position_commit, n.position_prepare) < (m.upto[1], m.upto[2]);

-- Erased people, as ERASED_NOTIFICATIONS_SQL (notifications.projection.ts) leaves each.
DELETE FROM notifications
 WHERE user_id IN (SELECT l.data->>'userId' FROM rebuild_log l WHERE l.event_type = 'PersonErased');
UPDATE notifications
   SET message = substring(message from '^You received \\S+ \\S+ from ') || '${ERASED_USERNAME}.',
       ${ERASED_PARAMS}
 WHERE counterparty_id IN (SELECT l.data->>'userId' FROM rebuild_log l WHERE l.event_type = 'PersonErased');
`;
