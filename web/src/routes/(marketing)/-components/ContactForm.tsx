import { CircleCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../components/toast/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { type FormErrors, isEmail, messages } from '../../../lib/validation.ts';
import { type ContactInput, useContactMutation } from '../../../queries/public.queries.ts';
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
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const contact = useContactMutation();

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirstError = (found: FormErrors<Field>) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    const input: ContactInput = {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    contact.mutate(input, {
      onSuccess: () => {
        setSentTo(input.email);
        setValues(EMPTY);
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
        if (error instanceof ApiError && error.fieldErrors) {
          const fromServer: FormErrors<Field> = {};
          for (const field of FIELDS) {
            const text = error.fieldErrors[field];
            if (text) fromServer[field] = text;
          }
          setErrors(fromServer);
          focusFirstError(fromServer);
        }
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
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">Send us a message</h2>
      <p className={styles.required}>All fields are required.</p>
      <div className={styles.row}>
        <TextField
          label="Full name"
          name="fullName"
          autoComplete="name"
          required
          maxLength={100}
          value={values.fullName}
          onChange={(event) => set('fullName')(event.target.value)}
          error={errors.fullName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
          error={errors.email}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={150}
        value={values.subject}
        onChange={(event) => set('subject')(event.target.value)}
        error={errors.subject}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={5000}
        value={values.message}
        onChange={(event) => set('message')(event.target.value)}
        error={errors.message}
      />
      <div>
        <Button type="submit" pending={contact.isPending} pendingLabel="Sending…">
          Send message
        </Button>
      </div>
    </form>
  );
}
