import type { DomainError, DomainErrorCode } from '../../domain/shared/errors.ts';

/**
 * Where the web form shows a domain error: the field name its clients expect (the spec client's
 * `receiver_id`, the forms' `recipientEmail`, `txHash`...) and, where the form words it differently from
 * the error's message, that text. An error without a code answers without `fieldErrors`.
 */
const FORM_FIELDS: Record<
  DomainErrorCode,
  { field: string | ((error: DomainError) => string); message?: string }
> = {
  text_not_allowed: { field: attributeOf },
  value_taken: { field: attributeOf },
  self_suspension: { field: 'status' },
  network_unsupported: { field: 'network', message: 'Please select a network' },
  tx_hash_invalid: { field: 'txHash' },
  tx_hash_required: { field: 'txHash' },
  tx_hash_mismatch: { field: 'txHash' },
  tx_hash_taken: { field: 'txHash' },
  price_not_positive: { field: 'price' },
  change_not_percentage: { field: 'change24h' },
  receiver_not_found: { field: 'receiver_id' },
  receiver_suspended: { field: 'receiver_id' },
  receiver_unverified: { field: 'receiver_id' },
  email_unverified: { field: 'email' },
  self_transfer: { field: 'recipientEmail' },
  amount_not_positive: { field: 'amount' },
  insufficient_funds: { field: 'amount' },
  password_incorrect: { field: 'currentPassword' },
  two_factor_code_invalid: { field: 'code' },
  fee_rate_invalid: { field: 'rate' },
  currency_not_priced: { field: 'paymentMethod' },
  quote_changed: { field: 'amount' },
  address_invalid: { field: 'address' },
  deposit_unavailable: { field: attributeOf },
  link_invalid: { field: 'token' },
  email_unchanged: { field: 'newEmail' },
  step_up_required: { field: 'password' },
};

function attributeOf(error: DomainError): string {
  if (error.attribute === undefined) throw new Error(`${error.code} needs the attribute it is about`);
  return error.attribute;
}

/** The Problem body's `fieldErrors` for a domain error, or undefined when it is about no form field. */
export function fieldErrorsOf(error: DomainError): Record<string, string> | undefined {
  if (error.code === undefined) return undefined;
  const { field, message } = FORM_FIELDS[error.code];
  return { [typeof field === 'string' ? field : field(error)]: message ?? error.message };
}
