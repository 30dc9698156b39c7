import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { formatDateTime } from '@/lib/format.ts';
import { type ProjectionState, type ProjectionStatus, projectionsQuery } from '@/queries/audit.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { type BadgeTone, StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '@/ui/query/QueryState.tsx';
import { type Column, FramedTable } from '@/ui/table/TableParts.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import * as auditStyles from './Audit.css.ts';

const STATE_TONES: Record<ProjectionState, BadgeTone> = {
  running: 'success',
  standby: 'neutral',
  starting: 'warning',
  retrying: 'danger',
  stopped: 'danger',
};

// A server whose projections run in its worker thread or another process reports each one as running
// while some process leads it, stopped when none does (projections/engine/runner.ts, ledElsewhere).
const STATE_HELP: Record<ProjectionState, string> = {
  running: 'Running',
  standby: 'Standing by: another process leads',
  starting: 'Starting',
  retrying: 'Retrying after an error',
  stopped: 'Stopped',
};

const PROJECTION_COLUMNS: readonly Column[] = [
  'Projection',
  'State',
  'Checkpoint',
  { label: 'Processed', numeric: true },
  { label: 'Lag (events)', numeric: true },
  'Last error',
];

/** What needs a look: an error outranks lag. */
function attention(status: ProjectionStatus): 'error' | 'lag' | undefined {
  if (status.lastError || status.state === 'retrying' || status.state === 'stopped') return 'error';
  if (status.lagEvents > 0) return 'lag';
  return undefined;
}

/** The count stops at the API's cap, so a capped count reads "1,000+". */
function lagText(status: ProjectionStatus): string {
  return `${status.lagEvents.toLocaleString('en-US')}${status.lagEventsCapped ? '+' : ''}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
}

/** Issue 6: each projection's checkpoint, lag and last error, live (every 5 s). */
export function ProjectionsTable() {
  const projections = useQuery(projectionsQuery);
  const needing = projections.data?.filter((status) => attention(status)).length ?? 0;

  return (
    <Panel
      icon={Activity}
      titleId="projections-title"
      title="Projection status"
      aside={
        projections.data ? (
          <p className={panel.muted}>
            Updated{' '}
            <time dateTime={new Date(projections.dataUpdatedAt).toISOString()}>
              {new Date(projections.dataUpdatedAt).toLocaleTimeString('en-US')}
            </time>
          </p>
        ) : null
      }
    >
      {projections.isPending ? (
        <PanelLoading label="Loading projections…" rows={2} />
      ) : projections.isError && !projections.data ? (
        <PanelError onRetry={() => projections.refetch()}>
          Could not load the projections. {projections.error.message}
        </PanelError>
      ) : projections.data.length === 0 ? (
        <PanelEmpty>This server runs no projections.</PanelEmpty>
      ) : (
        <>
          <div className={auditStyles.summary} data-testid="projections-summary">
            {needing === 0 ? (
              <StatusBadge status="ok" label={`All ${projections.data.length} up to date`} tone="success" />
            ) : (
              <StatusBadge
                status="attention"
                label={`${needing} of ${projections.data.length} need attention`}
                tone={projections.data.some((status) => attention(status) === 'error') ? 'danger' : 'warning'}
              />
            )}
            {projections.isError ? (
              <span className={panel.muted} role="status">
                The last refresh failed; showing the previous status.
              </span>
            ) : null}
          </div>
          <FramedTable label="Projections table" columns={PROJECTION_COLUMNS}>
            {projections.data.map((status) => (
              <ProjectionRow key={status.name} status={status} />
            ))}
          </FramedTable>
        </>
      )}
    </Panel>
  );
}

function ProjectionRow({ status }: { status: ProjectionStatus }) {
  const flag = attention(status);
  const cell = `${styles.td} ${auditStyles.attentionCell}`;
  return (
    <tr data-attention={flag} data-testid="projection-row">
      <th scope="row" className={`${cell} ${styles.userName} ${auditStyles.rowHeader}`}>
        {status.name}
      </th>
      <td className={cell} data-testid="projection-state">
        <span className={styles.userCell}>
          <span>
            <StatusBadge status={status.state} tone={STATE_TONES[status.state]} />
          </span>
          <span className={styles.userHandle}>{STATE_HELP[status.state]}</span>
        </span>
      </td>
      <td className={`${cell} ${adminStyles.mono}`} data-testid="projection-checkpoint">
        {status.checkpoint ?? 'Not started'}
      </td>
      <td className={`${cell} ${styles.numeric}`}>{status.eventsProcessed.toLocaleString('en-US')}</td>
      <td className={`${cell} ${styles.numeric}`}>
        <span data-testid="projection-lag">{lagText(status)}</span>
        {status.lagEvents > 0 ? (
          <span className={styles.userHandle}> · {seconds(status.lagMs)} behind</span>
        ) : null}
      </td>
      <td className={cell}>
        {status.lastError ? (
          <span className={auditStyles.errorCell}>
            <span className={auditStyles.errorText}>{status.lastError}</span>
            <span className={styles.userHandle}>
              {status.lastErrorAt ? (
                <>
                  <time dateTime={status.lastErrorAt}>{formatDateTime(status.lastErrorAt)}</time>
                  {' · '}
                </>
              ) : null}
              {`${status.retryCount} ${status.retryCount === 1 ? 'retry' : 'retries'}`}
            </span>
          </span>
        ) : (
          <span className={panel.muted}>None</span>
        )}
      </td>
    </tr>
  );
}
