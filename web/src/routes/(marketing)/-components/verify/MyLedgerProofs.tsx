import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Scale } from 'lucide-react';
import { formatAsset } from '@/lib/assets.ts';
import { formatDateTime } from '@/lib/format.ts';
import {
  isNoLiabilityProof,
  liabilitiesQuery,
  liabilityProofFileName,
  saveJsonFile,
} from '@/queries/ledgerProofs.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import { bodyCell, headCell, numeric, numericHead, tableWrap } from '@/ui/table/Table.css.ts';
import * as styles from './Verify.css.ts';

const NO_PROOF_YET =
  'There is no liability proof yet: SAI Wallet has not published its first liabilities statement. Try again after the next one.';

/**
 * For a signed-in user: their liability proof, saved as a file and checked on this page at once, and the
 * totals SAI Wallet published.
 */
export function MyLedgerProofs({ onDownloaded }: { onDownloaded: (fileName: string, text: string) => void }) {
  const download = useMutation({
    mutationFn: () => saveJsonFile('/api/ledger/liabilities/proof', undefined, liabilityProofFileName),
    onSuccess: (text) => onDownloaded(liabilityProofFileName, text),
  });
  const liabilities = useQuery(liabilitiesQuery);

  return (
    <>
      <Panel icon={Download} titleId="my-proof-title" title="Your liability proof">
        <p className={panel.subtitle}>
          Download the proof that your balances are counted in the total SAI Wallet owes its users. It is
          saved as {liabilityProofFileName} and checked here at once; you can check it again later on this
          page.
        </p>
        <div>
          <Button
            icon={Download}
            variant="secondary"
            onClick={() => download.mutate()}
            pending={download.isPending}
            pendingLabel="Preparing…"
          >
            Download my liability proof
          </Button>
        </div>
        {download.isError ? (
          <p className={isNoLiabilityProof(download.error) ? panel.notice : panel.errorState} role="alert">
            {isNoLiabilityProof(download.error)
              ? NO_PROOF_YET
              : `The download failed. ${download.error.message}`}
          </p>
        ) : null}
      </Panel>

      <Panel icon={Scale} titleId="published-totals-title" title="Published liabilities">
        <QueryContent
          query={liabilities}
          loading="Loading the published liabilities…"
          failed={`Could not load the published liabilities. ${liabilities.error?.message ?? ''}`}
          empty="No liabilities statement has been published yet."
          isEmpty={(data) => data.statement === null}
        >
          {({ statement }) =>
            statement ? (
              <>
                <p className={panel.subtitle}>
                  What SAI Wallet owes its users in each asset, signed by key{' '}
                  <span className={styles.keyId}>{statement.keyId}</span> on{' '}
                  <time dateTime={statement.time}>{formatDateTime(statement.time)}</time>, over the ledger's
                  first {Number(statement.treeSize).toLocaleString('en')} events. The tree behind each total
                  holds every balance split into parts, mixed with empty ones, so that it says nothing about
                  how many accounts there are or what any one holds.
                </p>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
                <section className={tableWrap} aria-label="Published totals" tabIndex={0}>
                  <table className={styles.totals}>
                    <thead>
                      <tr>
                        <th scope="col" className={headCell}>
                          Asset
                        </th>
                        <th scope="col" className={`${headCell} ${numericHead}`}>
                          Total owed
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {statement.assets.map((asset) => (
                        <tr key={asset.asset}>
                          <th scope="row" className={`${bodyCell} ${styles.rowHead}`}>
                            {asset.asset}
                          </th>
                          <td className={`${bodyCell} ${numeric}`}>
                            {formatAsset(asset.total, asset.asset)} {asset.asset}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              </>
            ) : null
          }
        </QueryContent>
      </Panel>
    </>
  );
}
