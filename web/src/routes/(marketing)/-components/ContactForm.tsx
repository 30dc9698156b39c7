import { CircleCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '@/lib/api.ts';
import { type FormErrors, isEmail, messages } from '@/lib/validation.ts';
import { type ContactInput, useContactMutation } from '@/queries/public.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextAreaField } from '@/ui/Field/TextAreaField.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { apiFieldErrors } from '@/ui/form/apiFieldErrors.ts';
import { EmailField } from '@/ui/form/fields.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import { toast } from '@/ui/toast/index.ts';
import * as styles from './Contact.css.ts';

type Field = keyof ContactInput;

const EMPTY: ContactInput = { fullName: '', email: '', subject: '', message: '' };
const FIELDS: readonly Field[] = ['fullName', 'email', 'subject', 'message'];

/** docs/product-rules.md spec 5: all four fields required, the e-mail typed as an e-mail. The API checks again. */
export function validateContact(values: ContactInput): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  if (values.fullName.trim() === '') errors.fullName = 'Full name is required';
  if (values.email.trim() === '') errors.email = 'Email is required';
  else if (!isEmail(values.email)) errors.email = messages.email;
  if (values.subject.trim() === '') errors.subject = 'Subject is required';
  if (values.message.trim() === '') errors.message = 'Message is required';
  return errors;
}

/** The contact form (docs/product-rules.md rule 13: stored, readable by admins), with a success state and error toasts. */
export function ContactForm() {
  const form = useForm(EMPTY, FIELDS);
  const { values } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const contact = useContactMutation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check(validateContact(values))) return;
    const input: ContactInput = {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    contact.mutate(input, {
      onSuccess: () => {
        setSentTo(input.email);
        form.reset();
        toast({ title: 'Message sent', description: 'We will reply by e-mail.', variant: 'success' });
        requestAnimationFrame(() => successRef.current?.focus());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          toast({
            title: 'Too many messages',
            description: 'Please wait a few minutes before sending another message.',
            variant: 'destructive',
          });
          return;
        }
        if (error instanceof ApiError && error.fieldErrors) form.showErrors(apiFieldErrors(error, FIELDS));
        toast({
          title: 'Message not sent',
          description: error instanceof Error ? error.message : 'Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  if (sentTo) {
    return (
      <div className={styles.success} role="status">
        <CircleCheck size={40} aria-hidden="true" className={styles.successIcon} />
        <h2 ref={successRef} tabIndex={-1}>
          Thank you, your message has been sent
        </h2>
        <p>
          Our support team will reply to <strong>{sentTo}</strong>, usually within one business day.
        </p>
        <Button variant="secondary" onClick={() => setSentTo(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <p className={styles.required}>All fields are required.</p>
      <div className={styles.row}>
        <TextField
          {...form.textField('fullName')}
          label="Full name"
          autoComplete="name"
          required
          maxLength={100}
        />
        <EmailField {...form.textField('email')} label="Email" autoComplete="email" maxLength={254} />
      </div>
      <TextField {...form.textField('subject')} label="Subject" required maxLength={150} />
      <TextAreaField {...form.textField('message')} label="Message" required rows={6} maxLength={5000} />
      <div>
        <Button type="submit" pending={contact.isPending} pendingLabel="Sending…">
          Send message
        </Button>
      </div>
    </form>
  );
}
