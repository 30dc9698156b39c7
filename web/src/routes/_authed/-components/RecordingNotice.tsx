import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { t } from '@/i18n/i18n.ts';
import { forgetReadsUpTo, isRecording, readsSent, subscribeRecording } from '@/lib/recording.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import * as styles from './RecordingNotice.css.ts';

/** How long to wait between rounds of asking the screen's reads again while they are behind. */
const ASK_AGAIN_MS = 2_000;

/**
 * "Your latest change is still being recorded": shown while a read's last answer was from before the
 * person's own latest write (lib/recording.ts), which apiRequest has already asked for a few times. Every
 * ~2 s the screen's active queries are asked again, each round after the last has finished; the notice
 * goes once their answers show the write. A read no query made again in a round (a screen left behind)
 * no longer counts. The live region is always there, so a screen reader announces the text when it comes.
 */
export function RecordingNotice() {
  const recording = useSyncExternalStore(subscribeRecording, isRecording, isRecording);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!recording) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const askAgain = async () => {
      const mark = readsSent();
      await queryClient.refetchQueries({ type: 'active' });
      if (stopped) return;
      forgetReadsUpTo(mark);
      timer = setTimeout(askAgain, ASK_AGAIN_MS);
    };
    timer = setTimeout(askAgain, ASK_AGAIN_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [recording, queryClient]);

  return (
    <div role="status" aria-live="polite" className={recording ? styles.frame : styles.quiet}>
      {recording ? (
        <div className={panel.notice} data-testid="recording-notice">
          <p className={styles.line}>
            <Info size={16} aria-hidden="true" className={styles.icon} />
            <span className={styles.text}>{t('shell.recording')}</span>
          </p>
        </div>
      ) : null}
    </div>
  );
}
