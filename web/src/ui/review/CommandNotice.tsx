import * as panel from '../panel/Panel.css.ts';
import * as styles from './CommandNotice.css.ts';

/**
 * The status of a money command waiting for its outcome (lib/idempotency.ts): "Still sending…" while it
 * asks again, or the plain warning when the outcome stayed unknown. The live region is always there, so a
 * screen reader announces the text when it appears.
 */
export function CommandNotice({ notice }: { notice: string | undefined }) {
  return (
    <div role="status" className={notice ? panel.notice : styles.quiet}>
      {notice ? <p className={styles.text}>{notice}</p> : null}
    </div>
  );
}
