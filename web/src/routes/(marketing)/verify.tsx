import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { pageTitle } from '@/content/constants.ts';
import { currentLocale, t } from '@/i18n/i18n.ts';
import { currentUserQuery } from '@/queries/auth.queries.ts';
import { publicKeyQuery } from '@/queries/ledgerProofs.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import * as publicStyles from './-components/Public.css.ts';
import { PageHero, PublicPage, PublicSection } from './-components/PublicPage.tsx';
import { BrowserCannotCheck, checkFiles } from './-components/verify/checkFile.ts';
import { FileDrop, type PickedFile } from './-components/verify/FileDrop.tsx';
import { MyLedgerProofs } from './-components/verify/MyLedgerProofs.tsx';
import { type CheckedFile, notFromSaiWallet, VerdictView } from './-components/verify/VerdictView.tsx';
import * as styles from './-components/verify/Verify.css.ts';

/**
 * /verify (docs/architecture/verifiable-ledger.md): anyone checks a transaction receipt or a liability
 * proof in the browser, with the same checker as `npm run ledger:verify-receipt`, against the key document
 * this site publishes (the one server call: a file signed by any other key is "Not from SAI Wallet"); the
 * page says what a passing file proves and what it does not. A ledger digest is checked too, with the
 * public key chosen with it (or the published one), and a public key file on its own. A signed-in user also downloads their
 * liability proof here and sees the published totals.
 */
export const Route = createFileRoute('/(marketing)/verify')({
  head: () => ({ meta: [{ title: pageTitle('Verify') }] }),
  component: VerifyPage,
});

type Result = { state: 'idle' } | { state: 'checking' } | { state: 'error'; message: string } | CheckedFile;

function announcement(result: Result): string {
  if ('verdict' in result) {
    const failed = result.verdict.checks.find((check) => !check.ok);
    const name = result.fileName;
    if (result.verdict.ok) return t('verify.announceVerified', { name });
    if (notFromSaiWallet(result.verdict)) return t('verify.announceNotFromSaiWallet', { name });
    return t('verify.announceNotVerified', { name, check: failed?.name ?? 'format' });
  }
  return result.state === 'checking' ? t('verify.checking') : '';
}

function VerifyPage() {
  const { data: user } = useQuery(currentUserQuery);
  const queryClient = useQueryClient();
  const [result, setResult] = useState<Result>({ state: 'idle' });
  // Only the latest file's verdict is shown, whichever check finishes first.
  const latest = useRef(0);

  async function check(files: PickedFile[]) {
    const run = ++latest.current;
    setResult({ state: 'checking' });
    let checked: Result;
    try {
      checked = await checkFiles(files, () => queryClient.fetchQuery(publicKeyQuery));
    } catch (error) {
      checked = {
        state: 'error',
        message:
          error instanceof BrowserCannotCheck
            ? error.message
            : 'The file could not be checked. Please try again.',
      };
    }
    if (run === latest.current) setResult(checked);
  }

  return (
    <PublicPage>
      <PageHero
        eyebrow="Verifiable ledger"
        title="Check a receipt or a liability proof"
        lead="A verifiable receipt shows that a transaction's events are in SAI Wallet's ledger, under a root the ledger's key signed. A liability proof shows that your balance is counted in the total SAI Wallet owes its users. Check either file here."
      />

      <PublicSection tight id="check-title" title="Check a file">
        <div className={styles.columns}>
          <FileDrop
            onFiles={(files) => void check(files)}
            onError={(message) => {
              latest.current++;
              setResult({ state: 'error', message });
            }}
          />
          {/* One short line is announced, in the page's language (the page around it is English); the
              verdict's details are read where they stand. */}
          <p role="status" className={visuallyHidden} lang={currentLocale()}>
            {announcement(result)}
          </p>
          <div>
            {'verdict' in result ? (
              <VerdictView checked={result} />
            ) : result.state === 'checking' ? (
              <p className={publicStyles.muted} lang={currentLocale()}>
                {t('verify.checking')}
              </p>
            ) : result.state === 'error' ? (
              <p className={panel.errorState} role="alert">
                {result.message}
              </p>
            ) : null}
          </div>
        </div>
      </PublicSection>

      {user ? (
        <PublicSection tight id="my-proofs-title" title="Your balance in the published liabilities">
          <div className={styles.columns}>
            <MyLedgerProofs onDownloaded={(name, text) => void check([{ name, text }])} />
          </div>
        </PublicSection>
      ) : null}
    </PublicPage>
  );
}
