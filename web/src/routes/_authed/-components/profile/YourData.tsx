import { useMutation } from '@tanstack/react-query';
import { Download, FileJson } from 'lucide-react';
import { Button } from '../../../../components/Button.tsx';
import { toast } from '../../../../components/toast/index.ts';
import { fetchWholeJson } from '../../../../lib/api.ts';
import { downloadTextFile } from '../../../../lib/csv.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { Panel } from '../../../../ui/panel/Panel.tsx';
import * as styles from './Profile.css.ts';

const EXPORT_PATH = '/api/account/data-export';

/** The file name the server gave (Content-Disposition), or one of the same form. */
function fileNameOf(response: Response): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return named?.[1] ?? `sai-wallet-data-${new Date().toISOString().slice(0, 10)}.json`;
}

/**
 * The person's copy of everything the wallet holds about them (docs/architecture/data-export.md): fetched
 * with their session, checked to be whole JSON, and saved as a file.
 */
async function downloadMyData(): Promise<string> {
  const { text, response } = await fetchWholeJson(EXPORT_PATH);
  const fileName = fileNameOf(response);
  downloadTextFile(fileName, text, 'application/json;charset=utf-8');
  return fileName;
}

/** "Your data" on the profile: what the wallet keeps about the person, as one file they can take away. */
export function YourData() {
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: (fileName) =>
      toast({ title: 'Your data is downloaded', description: `Saved as ${fileName}.`, variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Download failed', description: error.message, variant: 'destructive' }),
  });

  return (
    <Panel icon={FileJson} titleId="your-data-title" title="Your data">
      <p className={panel.subtitle}>
        Download a copy of everything SAI Wallet holds about you, as one JSON file: your profile and
        preferences, balances, every movement of your history, card and shipping address, deposits,
        withdrawals, payment proofs, notifications, messages you sent us, your sign-ins, and every event our
        ledger recorded about you. Passwords, PINs and two-factor secrets are never included.
      </p>
      <div className={styles.formActions}>
        <Button
          variant="secondary"
          onClick={() => download.mutate()}
          pending={download.isPending}
          pendingLabel="Preparing…"
        >
          <Download size={16} aria-hidden="true" />
          Download my data
        </Button>
      </div>
    </Panel>
  );
}
