/** Client-side form rules of docs/product-rules.md spec 5. The API validates again; these only spare a round trip. */

import { t } from '../i18n/i18n.ts';
import { readAmount, toUnits } from './money.ts';

export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

// Same shape of address as the API's zod `email()` check accepts.
const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The messages in the current language: each is read when a form checks itself (a getter), so a form
 * speaks the language of the moment, not the one the module was loaded in. English is fixed by the spec.
 */
export const messages = {
  get email() {
    return t('shell.validation.email');
  },
  get password() {
    return t('shell.validation.password', { min: MIN_PASSWORD });
  },
  get username() {
    return t('shell.validation.username', { min: MIN_USERNAME });
  },
  get passwordsMatch() {
    return t('shell.validation.passwordsMatch');
  },
  get terms() {
    return t('shell.validation.terms');
  },
  get totp() {
    return t('shell.validation.totp');
  },
  get recipientEmail() {
    return t('shell.validation.recipientEmail');
  },
  get amount() {
    return t('shell.validation.amount');
  },
  get amountPrecision() {
    return t('shell.validation.amountPrecision');
  },
  get insufficientBalance() {
    return t('shell.validation.insufficientBalance');
  },
  get description() {
    return t('shell.validation.description', { max: MAX_DESCRIPTION });
  },
  get notes() {
    return t('shell.validation.notes', { max: MAX_NOTES });
  },
};

export const MIN_PASSWORD = 6;
export const MIN_USERNAME = 3;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export interface LoginValues {
  email: string;
  password: string;
  totpCode?: string | undefined;
}

export function validateLogin(values: LoginValues, needsTotp = false): FormErrors<keyof LoginValues> {
  const errors: FormErrors<keyof LoginValues> = {};
  if (!isEmail(values.email)) errors.email = messages.email;
  if (values.password.length < MIN_PASSWORD) errors.password = messages.password;
  if (needsTotp && !/^\d{6}$/.test(values.totpCode?.trim() ?? '')) errors.totpCode = messages.totp;
  return errors;
}

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** A new password long enough, typed the same twice (reset, reclaim, change). */
export function validateNewPassword(values: NewPasswordValues): FormErrors<keyof NewPasswordValues> {
  const errors: FormErrors<keyof NewPasswordValues> = {};
  if (values.newPassword.length < MIN_PASSWORD) errors.newPassword = messages.password;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = messages.passwordsMatch;
  return errors;
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsAgreed: boolean;
}

export function validateRegister(values: RegisterValues): FormErrors<keyof RegisterValues> {
  const errors: FormErrors<keyof RegisterValues> = {};
  if (values.username.trim().length < MIN_USERNAME) errors.username = messages.username;
  if (!isEmail(values.email)) errors.email = messages.email;
  if (values.password.length < MIN_PASSWORD) errors.password = messages.password;
  if (values.confirmPassword.length < MIN_PASSWORD) errors.confirmPassword = messages.password;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = messages.passwordsMatch;
  if (!values.termsAgreed) errors.termsAgreed = messages.terms;
  return errors;
}

export interface SendValues {
  recipientEmail: string;
  amount: string;
  description: string;
}

export const MAX_DESCRIPTION = 200;
export const MAX_NOTES = 500;

/** Amount field: a positive decimal with at most 2 places (SAI), as typed. */
export function amountError(amount: string): string | undefined {
  const read = readAmount(amount);
  if (read.ok) return undefined;
  return read.reason === 'too_precise' ? messages.amountPrecision : messages.amount;
}

/**
 * docs/product-rules.md spec 5, "Send to another user by e-mail". `balance` is the sender's SAI balance as the API gave it;
 * an amount above it is refused here, before the server is asked.
 */
export function validateSend(values: SendValues, balance: string): FormErrors<keyof SendValues> {
  const errors: FormErrors<keyof SendValues> = {};
  if (!isEmail(values.recipientEmail)) errors.recipientEmail = messages.recipientEmail;
  const amount = amountError(values.amount);
  if (amount) errors.amount = amount;
  else if (exceedsBalance(values.amount, balance)) errors.amount = messages.insufficientBalance;
  if (values.description.length > MAX_DESCRIPTION) errors.description = messages.description;
  return errors;
}

export function exceedsBalance(amount: string, balance: string): boolean {
  const read = readAmount(amount);
  const available = toUnits(balance);
  return read.ok && available !== null && read.units > available;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
