import { createFileRoute, Link } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { toast } from '../components/toast/index.ts';
import { ApiError } from '../lib/api.ts';
import { isEmail, messages } from '../lib/validation.ts';
import { type MailRequestAnswer, usePasswordResetRequestMutation } from '../queries/mail.queries.ts';
import { EmailField } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';
import { DevOutbox } from './-components/DevOutbox.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordPage });

/** "Forgot password?": a one-time link by mail (docs/architecture/security.md, "Password reset"). */
function ForgotPasswordPage() {
  const request = usePasswordResetRequestMutation();
  const form = useForm({ email: '' }, ['email'], {
    validate: (values) => (isEmail(values.email.trim()) ? {} : { email: messages.email }),
  });
  const [sent, setSent] = useState<(MailRequestAnswer & { to: string }) | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending || !form.check()) return;
    const email = form.values.email.trim();
    request.mutate(
      { email },
      {
        onSuccess: (answer) => setSent({ ...answer, to: email }),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) form.showServerErrors(error.fieldErrors);
          toast({ title: 'Could not send the link', description: error.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {sent ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="status">
            {sent.message}
          </p>
          {sent.devOutbox ? <DevOutbox to={sent.to} /> : null}
          <Button type="button" variant="link" onClick={() => setSent(null)}>
            Use another address
          </Button>
        </div>
      ) : (
        <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
          <EmailField
            {...form.textField('email')}
            label="Email"
            autoComplete="username"
            placeholder="you@example.com"
          />
          <Button type="submit" size="lg" fullWidth pending={request.isPending} pendingLabel="Sending…">
            <Mail size={18} aria-hidden="true" />
            Send reset link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
