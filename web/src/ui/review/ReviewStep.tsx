import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import { t } from '@/i18n/i18n.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '../panel/Panel.css.ts';
import { CommandNotice } from './CommandNotice.tsx';
import * as styles from './ReviewStep.css.ts';

export interface ReviewRow {
  /** What the value is ("Amount", "Fee", "Recipient", "Arrives"). */
  label: string;
  value: ReactNode;
}

export interface ReviewStepProps {
  /** The step's heading, e.g. "Review your transfer"; also the form's accessible name. */
  title: string;
  /** h3 inside a dialog or a page panel; h4 under a panel's own h3 (the admin overview). */
  level?: 3 | 4;
  rows: readonly ReviewRow[];
  /** Anything the confirmation asks for besides the click (a withdrawal's password or code). */
  children?: ReactNode;
  /** The Confirm button's text, e.g. "Confirm and send". */
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The command's status while it waits for its outcome, or the warning when that stayed unknown. */
  notice?: string | undefined;
  /** Back to the filled-in form, to change something. */
  onEdit: () => void;
  onConfirm: () => void;
}

/**
 * The review step of a money command (docs/product-rules.md rule 26): after the form validates, what will
 * happen (amount, fee, who or where, when it arrives) is shown before anything is sent; Confirm sends it,
 * Edit goes back to the form with its values kept. Focus moves to the heading, so a screen reader reads
 * the summary next and a keyboard user starts from it.
 */
export function ReviewStep({
  title,
  level = 3,
  rows,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  notice,
  onEdit,
  onConfirm,
}: ReviewStepProps) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level === 4 ? 'h4' : 'h3';
  return (
    <form
      className={styles.review}
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onConfirm();
      }}
    >
      <Heading ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </Heading>
      <div className={styles.summary}>
        <dl className={panel.details}>
          {rows.map((row) => (
            <Fragment key={row.label}>
              <dt className={panel.term}>{row.label}</dt>
              <dd className={panel.definition}>{row.value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      {children}
      <CommandNotice notice={notice} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onEdit} disabled={pending}>
          {t('shell.review.edit')}
        </Button>
        <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
