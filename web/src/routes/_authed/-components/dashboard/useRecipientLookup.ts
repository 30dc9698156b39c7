import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { isEmail } from '@/lib/validation.ts';
import { type Recipient, RecipientLookupError, recipientQuery } from '@/queries/users.queries.ts';
import { toast } from '@/ui/toast/index.ts';

/** docs/product-rules.md spec 8: "Recipient not found", else "Failed to find recipient". */
export function lookupFailure(error: unknown): string {
  return error instanceof RecipientLookupError && error.notFound
    ? t('dashboard.send.notFound')
    : t('dashboard.send.lookupFailed');
}

/**
 * The recipient of a transfer by e-mail, as the SAI and the crypto send forms look it up (issue 48.7):
 * shown under the field once it is left (`preview`, `leave`), and found again before the review
 * (`find`: null after telling the user why, through `onError` and a toast). `hint` and `error` are what
 * the field shows for the address it holds now (`typed`).
 */
export function useRecipientLookup(typed: string, onError: (message: string) => void) {
  const queryClient = useQueryClient();
  const [looking, setLooking] = useState(false);
  // The e-mail whose recipient is shown under the field; set when the field is left.
  const [previewEmail, setPreviewEmail] = useState('');
  const preview = useQuery({ ...recipientQuery(previewEmail), enabled: isEmail(previewEmail) });

  const find = async (email: string): Promise<Recipient | null> => {
    setLooking(true);
    try {
      return await queryClient.fetchQuery(recipientQuery(email));
    } catch (error) {
      const message = lookupFailure(error);
      onError(message);
      toast({ title: t('dashboard.error'), description: message, variant: 'destructive' });
      return null;
    } finally {
      setLooking(false);
    }
  };

  const current = previewEmail === typed.trim();
  const hint =
    !isEmail(previewEmail) || !current
      ? undefined
      : preview.isFetching
        ? t('dashboard.send.lookingUp')
        : preview.data
          ? t('dashboard.send.sendingTo', { name: preview.data.username })
          : undefined;
  const error = preview.error && current ? lookupFailure(preview.error) : undefined;
  return {
    looking,
    find,
    hint,
    error,
    /** The field was left: look up what it holds. */
    leave: () => setPreviewEmail(typed.trim()),
    /** The form was reset: forget the shown recipient. */
    clear: () => setPreviewEmail(''),
  };
}
