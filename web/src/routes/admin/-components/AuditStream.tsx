import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDown, ChevronLeft, ChevronRight, Layers, ScrollText } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { type AuditEvent, auditStreamQuery, auditUserStreamsQuery } from '@/queries/audit.queries.ts';
import { adminUsersQuery } from '@/queries/users.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '@/ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import * as auditStyles from './Audit.css.ts';
import { auditTime, type ChainLink, chainLinks, describeStream, firstBreak } from './audit.ts';

/** The streams holding one user's history: profile, account, card, payments, withdrawals, deposits. */
export function AuditUserStreams({ userId }: { userId: string }) {
  const streams = useQuery(auditUserStreamsQuery(userId));
  // The list API matches ids exactly (besides names and e-mails), so the user is among the results.
  const users = useQuery(adminUsersQuery({ q: userId, limit: 10 }));
  const user = users.data?.users.find((candidate) => candidate.id === userId);

  return (
    <Panel
      icon={Layers}
      titleId="audit-streams-title"
      title={<>Streams of {user ? user.username : <span className={adminStyles.mono}>{userId}</span>}</>}
      aside={
        user ? (
          <p className={panel.muted}>
            {user.email} · <span className={adminStyles.mono}>{user.id}</span>
          </p>
        ) : null
      }
    >
      {streams.isPending ? (
        <PanelLoading label="Loading streams…" rows={2} />
      ) : streams.isError ? (
        <PanelError onRetry={() => streams.refetch()}>
          Could not load this user's streams. {streams.error.message}
        </PanelError>
      ) : (
        <>
          <ul className={auditStyles.streams} aria-label="Streams">
            {streams.data.streams.map((name) => {
              const { label } = describeStream(name);
              return (
                <li key={name}>
                  <Link
                    to="/admin/audit"
                    search={{ user: userId, stream: name }}
                    className={auditStyles.streamLink}
                  >
                    <span className={auditStyles.streamLabel}>{label}</span>
                    <span className={adminStyles.mono}>{name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {streams.data.truncated ? (
            <p className={panel.muted}>This user has more streams than the audit can list at once.</p>
          ) : null}
        </>
      )}
    </Panel>
  );
}

const LINK_BADGES: Record<
  ChainLink,
  { label: (event: AuditEvent) => string; tone: 'success' | 'danger' | 'neutral' }
> = {
  first: { label: () => 'First event', tone: 'success' },
  linked: { label: (event) => `Linked to #${event.revision - 1}`, tone: 'success' },
  broken: { label: () => 'Broken link', tone: 'danger' },
  unknown: { label: () => 'Link not checked', tone: 'neutral' },
};

/** One page of a stream's events in order, each with its metadata, its hashes and whether the chain holds. */
export function AuditStreamEvents({
  userId,
  stream,
  from,
  limit,
}: {
  userId: string;
  stream: string;
  from: number;
  limit: number;
}) {
  const navigate = useNavigate({ from: '/admin/audit' });
  const page = useQuery(auditStreamQuery(stream, from, limit));
  const goTo = (revision: number) =>
    navigate({ search: (previous) => ({ ...previous, user: userId, stream, from: revision || undefined }) });

  return (
    <Panel
      icon={ScrollText}
      titleId="audit-events-title"
      title={
        <>
          Events of <span className={adminStyles.mono}>{stream}</span>
        </>
      }
      head
    >
      {page.isPending ? (
        <PanelLoading label="Loading events…" rows={3} />
      ) : page.isError ? (
        <PanelError onRetry={() => page.refetch()}>
          Could not load the events. {page.error.message}
        </PanelError>
      ) : page.data.events.length === 0 ? (
        <>
          <PanelEmpty>
            {from === 0 ? 'No events in this stream yet.' : 'No events from this revision on.'}
          </PanelEmpty>
          {from > 0 ? (
            <div>
              <Button variant="secondary" size="sm" onClick={() => goTo(0)}>
                <ChevronLeft size={14} aria-hidden="true" />
                First page
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <EventPage
          events={page.data.events}
          anchorHash={page.data.anchorHash}
          from={from}
          limit={limit}
          nextRevision={page.data.nextRevision}
          loading={page.isPlaceholderData}
          onPage={goTo}
        />
      )}
    </Panel>
  );
}

function EventPage({
  events,
  anchorHash,
  from,
  limit,
  nextRevision,
  loading,
  onPage,
}: {
  events: AuditEvent[];
  anchorHash: string | null | undefined;
  from: number;
  limit: number;
  nextRevision: number | null;
  loading: boolean;
  onPage: (revision: number) => void;
}) {
  const links = chainLinks(events, anchorHash);
  const broken = firstBreak(events, links);
  const first = events[0]!.revision;
  const last = events[events.length - 1]!.revision;

  const pager = (where: string) => (
    <nav className={auditStyles.pager} aria-label={`Event pages, ${where}`}>
      <p className={panel.muted}>
        Revisions {first}–{last}
        {nextRevision === null ? ' (end of stream)' : ''}
      </p>
      <div className={auditStyles.pagerButtons}>
        <Button
          variant="secondary"
          size="sm"
          disabled={from === 0 || loading}
          onClick={() => onPage(Math.max(0, from - limit))}
        >
          <ChevronLeft size={14} aria-hidden="true" />
          Previous
          <span className={visuallyHidden}> events</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={nextRevision === null || loading}
          onClick={() => nextRevision !== null && onPage(nextRevision)}
        >
          Next
          <span className={visuallyHidden}> events</span>
          <ChevronRight size={14} aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );

  return (
    <>
      <div className={auditStyles.summary} data-testid="chain-summary">
        {broken ? (
          <>
            <StatusBadge status="broken" label="Chain broken" tone="danger" />
            <span>
              Event #{broken.revision} ({broken.type}){' '}
              {broken.hashValid ? 'does not link to the event before it.' : 'does not match its own hash.'}
            </span>
          </>
        ) : (
          <>
            <StatusBadge status="intact" label="Chain intact" tone="success" />
            <span className={panel.muted}>
              Every hash on this page was recomputed by the server, and each event names the hash of the one
              before it.
            </span>
          </>
        )}
      </div>
      {pager('top')}
      <ol className={auditStyles.events} aria-label="Stream events" aria-busy={loading || undefined}>
        {events.map((event, index) => (
          <EventItem key={event.id} event={event} link={links[index]!} />
        ))}
      </ol>
      {loading ? (
        <p role="status" className={visuallyHidden}>
          Loading events…
        </p>
      ) : null}
      {pager('bottom')}
    </>
  );
}

function EventItem({ event, link }: { event: AuditEvent; link: ChainLink }) {
  const [open, setOpen] = useState(false);
  const badge = LINK_BADGES[link];
  const json = JSON.stringify(event.data, null, 2);
  const broken = link === 'broken' || !event.hashValid;
  return (
    <li className={auditStyles.event} data-testid="audit-event" data-broken={broken || undefined}>
      <div className={auditStyles.eventHead}>
        <span className={auditStyles.revision}>#{event.revision}</span>
        <span className={auditStyles.eventType} data-testid="event-type">
          {event.type}
        </span>
        <span className={auditStyles.badges}>
          <StatusBadge
            status="hash"
            label={event.hashValid ? 'Hash verified' : 'Hash mismatch'}
            tone={event.hashValid ? 'success' : 'danger'}
          />
          <StatusBadge status="link" label={badge.label(event)} tone={badge.tone} />
        </span>
      </div>
      <dl className={styles.details}>
        <dt className={styles.term}>Position</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.position}</dd>
        <dt className={styles.term}>Time</dt>
        <dd className={styles.definition}>
          <time dateTime={event.time} className={adminStyles.mono}>
            {auditTime(event.time)}
          </time>
        </dd>
        <dt className={styles.term}>Actor</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.actorId ?? 'system'}</dd>
        <dt className={styles.term}>Correlation id</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.correlationId}</dd>
        <dt className={styles.term}>Causation id</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.causationId ?? 'none'}</dd>
        {event.idempotencyKey ? (
          <>
            <dt className={styles.term}>Idempotency key</dt>
            <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.idempotencyKey}</dd>
          </>
        ) : null}
        <dt className={styles.term}>Event id</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{event.id}</dd>
        <dt className={styles.term}>Hash</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`} data-testid="event-hash">
          {event.hash}
        </dd>
        <dt className={styles.term}>Previous hash</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`} data-testid="event-prev-hash">
          {event.prevHash ?? 'none (first event)'}
        </dd>
      </dl>
      <Collapsible.Root open={open} onOpenChange={setOpen} className={auditStyles.data}>
        <Collapsible.Trigger asChild>
          <Button variant="ghost" size="sm">
            <ChevronDown size={14} aria-hidden="true" className={auditStyles.chevron} />
            {open ? 'Hide data' : 'Show data'}
            <span className={visuallyHidden}> of event #{event.revision}</span>
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content asChild>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <section className={auditStyles.json} tabIndex={0} aria-label={`Data of event #${event.revision}`}>
            <pre className={auditStyles.jsonText}>{json}</pre>
          </section>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}
