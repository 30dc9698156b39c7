import type { LedgerDigest } from '@domain/verifiable/formats.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, Stamp } from 'lucide-react';
import { downloadTextFile } from '@/lib/csv.ts';
import { formatDateTime } from '@/lib/format.ts';
import { digestFileName, ledgerDigestsQuery } from '@/queries/ledgerProofs.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '@/ui/query/QueryState.tsx';
import { type Column, FramedTable } from '@/ui/table/TableParts.tsx';
import * as styles from './Admin.css.ts';
import * as ledgerStyles from './LedgerPanels.css.ts';

const DIGEST_COLUMNS: readonly Column[] = [
  { label: 'Events', numeric: true },
  'Signed',
  'Root',
  'Key id',
  'File',
];

/**
 * The signed digests of the log (docs/architecture/verifiable-ledger.md), newest first, each downloadable
 * as its JSON file, so an auditor can keep copies outside SAI Wallet and later prove the log still extends
 * them (`npm run ledger:verify -- --digest FILE`).
 */
export function LedgerDigests() {
  const digests = useInfiniteQuery(ledgerDigestsQuery);
  const items = digests.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Panel icon={Stamp} titleId="ledger-digests-title" title="Ledger digests">
      <p className={panel.subtitle}>
        Each digest is the ledger key's signature over the log's size and Merkle root at one moment. Keep
        copies elsewhere: <code>npm run ledger:verify -- --digest FILE</code> proves that today's log still
        extends a digest, and names what differs if it does not.
      </p>
      {digests.isPending ? (
        <PanelLoading label="Loading digests…" rows={2} />
      ) : digests.isError && items.length === 0 ? (
        <PanelError onRetry={() => digests.refetch()}>
          Could not load the digests. {digests.error.message}
        </PanelError>
      ) : items.length === 0 ? (
        <PanelEmpty>No digest has been published yet.</PanelEmpty>
      ) : (
        <>
          <FramedTable label="Digests table" columns={DIGEST_COLUMNS}>
            {items.map((digest) => (
              <DigestRow key={`${digest.treeSize}-${digest.time}`} digest={digest} />
            ))}
          </FramedTable>
          {digests.hasNextPage ? (
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => digests.fetchNextPage()}
                pending={digests.isFetchingNextPage}
                pendingLabel="Loading…"
              >
                Show older digests
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Panel>
  );
}

function DigestRow({ digest }: { digest: LedgerDigest }) {
  return (
    <tr data-testid="digest-row">
      <th scope="row" className={`${styles.td} ${styles.numeric}`}>
        {digest.treeSize}
      </th>
      <td className={styles.td}>
        <time dateTime={digest.time}>{formatDateTime(digest.time)}</time>
      </td>
      <td className={`${styles.td} ${ledgerStyles.hash}`}>{digest.root}</td>
      <td className={`${styles.td} ${ledgerStyles.hash}`}>{digest.keyId}</td>
      <td className={styles.td}>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Download the digest of ${digest.treeSize} events`}
          onClick={() =>
            downloadTextFile(
              digestFileName(digest),
              `${JSON.stringify(digest, null, 2)}\n`,
              'application/json;charset=utf-8',
            )
          }
        >
          <Download size={14} aria-hidden="true" />
          Download
        </Button>
      </td>
    </tr>
  );
}
