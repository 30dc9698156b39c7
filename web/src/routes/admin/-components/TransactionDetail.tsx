import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, FileSearch, History, RefreshCw, Scale } from 'lucide-react';
import { formatDateTime, formatRelative } from '@/lib/format.ts';
import {
  type BalanceChange,
  type TransactionDetail as Detail,
  isAccessDenied,
  isNotFound,
  type TransactionEvent,
  transactionDetailQuery,
} from '@/queries/adminTransactions.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { PanelEmpty } from '@/ui/query/QueryState.tsx';
import { type Column, FramedTable } from '@/ui/table/TableParts.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import * as own from './AdminTransactions.css.ts';
import {
  accountLabel,
  balanceChange,
  formatLedgerAmount,
  ledgerTypeLabel,
  partyLabel,
} from './adminTransactions.ts';
import { AccessRequired, CARD_TABLE } from './TransactionsTable.tsx';

/**
 * One transaction for audit (docs/product-rules.md rule 7): what it was, every event recorded for it with its place in
 * the log and its hash, and each touched account's balance before and after. The figures are the
 * ledger's own; nothing here is computed except the change, exactly, from before and after.
 */
export function TransactionDetail({ id }: { id: string }) {
  const detail = useQuery(transactionDetailQuery(id));
  return (
    <>
      <Link to="/admin/transactions" className={own.backLink}>
        <ArrowLeft size={16} aria-hidden="true" />
        All transactions
      </Link>
      {detail.isPending ? (
        <section className={panel.panel} aria-busy="true">
          <p role="status" className={visuallyHidden}>
            Loading transaction…
          </p>
          <div className={panel.skeletonList}>
            <div className={panel.skeletonRow} />
            <div className={panel.skeletonRow} />
            <div className={panel.skeletonRow} />
          </div>
        </section>
      ) : detail.isError ? (
        <section className={panel.panel} aria-labelledby="transaction-problem-title">
          {isNotFound(detail.error) ? (
            <div className={panel.state} role="alert">
              <FileSearch size={28} aria-hidden="true" className={panel.titleIcon} />
              <h2 id="transaction-problem-title" className={panel.title}>
                Transaction not found
              </h2>
              <p>
                No transaction has the ID <span className={adminStyles.mono}>{id}</span>. It may have been
                mistyped, or the link is incomplete.
              </p>
            </div>
          ) : isAccessDenied(detail.error) ? (
            <>
              <h2 id="transaction-problem-title" className={visuallyHidden}>
                Admin access required
              </h2>
              <AccessRequired />
            </>
          ) : (
            <div className={panel.errorState} role="alert">
              <h2 id="transaction-problem-title" className={panel.title}>
                Error loading transaction
              </h2>
              <p>An error occurred while loading this transaction.</p>
              <Button variant="secondary" size="sm" onClick={() => detail.refetch()}>
                <RefreshCw size={14} aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
        </section>
      ) : (
        <>
          <Summary detail={detail.data} />
          <Balances detail={detail.data} />
          <Events events={detail.data.events} />
        </>
      )}
    </>
  );
}

function Summary({ detail }: { detail: Detail }) {
  const t = detail.transaction;
  const first = detail.balances[0]?.account;
  const last = detail.balances[detail.balances.length - 1]?.account;
  const actor =
    t.actor_id === null
      ? 'System'
      : t.actor_id === t.sender_id
        ? partyLabel(t.sender_name, t.sender_id)
        : t.actor_id === t.receiver_id
          ? partyLabel(t.receiver_name, t.receiver_id)
          : partyLabel(t.actor_name, t.actor_id);
  return (
    <section className={panel.panel} aria-labelledby="transaction-summary-title">
      <div className={panel.head}>
        <h2 id="transaction-summary-title" className={panel.title}>
          {ledgerTypeLabel(t.type)} of {formatLedgerAmount(t.amount, t.asset)} {t.asset}
        </h2>
        <StatusBadge status={t.status} />
      </div>
      <dl className={styles.details} data-testid="transaction-summary">
        <dt className={styles.term}>Transaction ID</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{t.id}</dd>
        <dt className={styles.term}>Type</dt>
        <dd className={styles.definition}>{ledgerTypeLabel(t.type)}</dd>
        <dt className={styles.term}>Amount</dt>
        <dd className={styles.definition}>
          {formatLedgerAmount(t.amount, t.asset)} {t.asset}
        </dd>
        <dt className={styles.term}>From</dt>
        <dd className={styles.definition}>{partyLabel(t.sender_name, t.sender_id, first)}</dd>
        <dt className={styles.term}>To</dt>
        <dd className={styles.definition}>{partyLabel(t.receiver_name, t.receiver_id, last)}</dd>
        <dt className={styles.term}>Description</dt>
        <dd className={styles.definition}>{t.description || 'No description'}</dd>
        <dt className={styles.term}>Date</dt>
        <dd className={styles.definition}>
          <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time> ({formatRelative(t.createdAt)})
        </dd>
        <dt className={styles.term}>Initiated by</dt>
        <dd className={styles.definition}>{actor}</dd>
      </dl>
    </section>
  );
}

const BALANCE_COLUMNS: readonly Column[] = [
  'Account',
  { label: 'Before', numeric: true },
  { label: 'Change', numeric: true },
  { label: 'After', numeric: true },
];

function Balances({ detail }: { detail: Detail }) {
  const t = detail.transaction;
  const owner = (account: string) => {
    const userId = account.startsWith('user:') ? account.slice(5) : null;
    if (!userId) return accountLabel(account);
    const name = userId === t.sender_id ? t.sender_name : userId === t.receiver_id ? t.receiver_name : null;
    return name ?? 'User';
  };
  return (
    <Panel icon={Scale} titleId="transaction-balances-title" title="Balances before and after">
      {detail.balances.length === 0 ? (
        <PanelEmpty>This transaction has not moved any balance yet.</PanelEmpty>
      ) : (
        <FramedTable
          label="Balances table"
          columns={BALANCE_COLUMNS}
          classes={{ ...CARD_TABLE, table: `${own.cardTable} ${own.balancesTable}` }}
          caption={
            <caption className={own.caption}>
              Each account the transaction touched, at the log position of its posting.
            </caption>
          }
        >
          {detail.balances.map((balance) => (
            <BalanceRow
              // One row per side of a posting: an account appears once per position.
              key={`${balance.position}-${balance.account}`}
              balance={balance}
              name={owner(balance.account)}
            />
          ))}
        </FramedTable>
      )}
    </Panel>
  );
}

function BalanceRow({ balance, name }: { balance: BalanceChange; name: string }) {
  const figure = (label: string, testId: string, value: string) => (
    <td className={`${own.bodyCell} ${own.figureCell}`}>
      <span className={own.figureLabel} aria-hidden="true">
        {label}
      </span>
      <span data-testid={testId}>{value}</span>
    </td>
  );
  return (
    <tr className={own.balanceRow} data-testid="balance-row">
      <th scope="row" className={`${own.bodyCell} ${own.accountCell}`}>
        <span className={own.account}>
          <span className={own.accountName}>{name}</span>
          <span className={adminStyles.mono}>{balance.account}</span>
          <span className={own.parties}>Position {balance.position}</span>
        </span>
      </th>
      {figure(
        'Before',
        'balance-before',
        `${formatLedgerAmount(balance.before, balance.asset)} ${balance.asset}`,
      )}
      {figure('Change', 'balance-change', balanceChange(balance.before, balance.after, balance.asset))}
      {figure(
        'After',
        'balance-after',
        `${formatLedgerAmount(balance.after, balance.asset)} ${balance.asset}`,
      )}
    </tr>
  );
}

function Events({ events }: { events: TransactionEvent[] }) {
  return (
    <Panel
      icon={History}
      titleId="transaction-events-title"
      title="Events"
      aside={
        <p className={panel.muted}>
          {events.length} event{events.length === 1 ? '' : 's'}, in log order
        </p>
      }
    >
      {events.length === 0 ? (
        <PanelEmpty>No events are recorded for this transaction yet.</PanelEmpty>
      ) : (
        <ol className={own.events}>
          {events.map((event) => (
            <li key={event.id} className={own.event} data-testid="transaction-event">
              <div className={own.eventHead}>
                <h3 className={own.eventType}>{event.type}</h3>
                <time dateTime={event.time} className={panel.muted}>
                  {formatDateTime(event.time)}
                </time>
              </div>
              <dl className={own.eventDetails}>
                <dt className={own.eventTerm}>Stream</dt>
                <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.stream}</dd>
                <dt className={own.eventTerm}>Stream revision</dt>
                <dd className={styles.definition}>{event.revision}</dd>
                <dt className={own.eventTerm}>Log position</dt>
                <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.position}</dd>
                <dt className={own.eventTerm}>Recorded at</dt>
                <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.time}</dd>
                <dt className={own.eventTerm}>Actor</dt>
                <dd className={`${styles.definition} ${adminStyles.mono}`}>
                  {event.actorId === null ? 'System' : partyLabel(event.actorName, event.actorId)}
                </dd>
                <dt className={own.eventTerm}>Correlation ID</dt>
                <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.correlationId}</dd>
                <dt className={own.eventTerm}>Causation ID</dt>
                <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.causationId ?? '—'}</dd>
                <dt className={own.eventTerm}>Hash</dt>
                <dd className={`${styles.definition} ${adminStyles.mono}`} data-testid="event-hash">
                  {event.hash}
                </dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
