import { useMutation } from '@tanstack/react-query';
import { Download, FileJson } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { fetchWholeJson } from '@/lib/api.ts';
import { downloadTextFile } from '@/lib/csv.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
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
      toast({
        title: t('profile.data.downloaded'),
        description: t('profile.data.savedAs', { fileName }),
        variant: 'success',
      }),
    onError: (error) => toastFailure(t('profile.data.failed'), error),
  });

  return (
    <Panel icon={FileJson} titleId="your-data-title" title={t('profile.data.title')}>
      <p className={panel.subtitle}>{t('profile.data.intro')}</p>
      <div className={styles.formActions}>
        <Button
          icon={Download}
          variant="secondary"
          onClick={() => download.mutate()}
          pending={download.isPending}
          pendingLabel={t('profile.preparing')}
        >
          {t('profile.data.download')}
        </Button>
      </div>
    </Panel>
  );
}
