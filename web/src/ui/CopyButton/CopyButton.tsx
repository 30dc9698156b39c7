import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button, type ButtonSize, type ButtonVariant } from '@/ui/Button/Button.tsx';
import { toast } from '@/ui/toast/index.ts';

/** docs/product-rules.md spec 4 and 9: after copying, the button shows a check and "Copied!" for 2 seconds. */
export const COPIED_FEEDBACK_MS = 2000;

export interface CopyButtonProps {
  text: string;
  /** What is copied, completing the button's name for screen readers: "Copy" + " email address". */
  what: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Toast shown on success, e.g. "Address copied" (docs/product-rules.md spec 8); none when omitted. */
  successToast?: string;
}

export function CopyButton({
  text,
  what,
  variant = 'secondary',
  size = 'sm',
  successToast,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.warn('Clipboard write failed', error);
      toast({
        title: t('shell.copy.failed'),
        description: t('shell.copy.byHand'),
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    if (successToast) toast({ title: successToast, variant: 'success' });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  };

  return (
    <>
      <Button variant={variant} size={size} onClick={copy}>
        {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        {copied ? t('shell.copy.copied') : t('shell.copy.copy')}
        <span className={visuallyHidden}> {what}</span>
      </Button>
      <span role="status" className={visuallyHidden}>
        {copied ? t('shell.copy.done', { what }) : ''}
      </span>
    </>
  );
}
