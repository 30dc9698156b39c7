/** Client-side form rules of docs/product-rules.md spec 5. The API validates again; these only spare a round trip. */

import { readAmount, toUnits } from './money.ts';

export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

// Same shape of address as the API's zod `email()` check accepts.
const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const messages = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters',
  username: 'Username must be at least 3 characters',
  passwordsMatch: "Passwords don't match",
  terms: 'You must agree to the terms and conditions',
  totp: 'Enter the 6-digit code from your authenticator app',
  recipientEmail: 'Valid email is required',
  amount: 'Amount must be a positive number',
  amountPrecision: 'Amount can have at most 2 decimal places',
  insufficientBalance:
    'Insufficient balance: You do not have enough SAI tokens to complete this transaction.',
  description: 'Description must be at most 200 characters',
  notes: 'Notes must be at most 500 characters',
} as const;

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
