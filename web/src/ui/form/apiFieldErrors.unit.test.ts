import { describe, expect, test } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { apiFieldErrors } from './apiFieldErrors.ts';

describe('apiFieldErrors', () => {
  const refusal = new ApiError(400, 'Invalid input', {
    fieldErrors: { email: 'Email is taken', receiver_id: 'No such user', other: 'Not on this form' },
  });

  test('keeps the messages of the fields the form lists', () => {
    expect(apiFieldErrors(refusal, ['email', 'password'] as const)).toEqual({ email: 'Email is taken' });
  });

  test("maps the API's field names to the form's", () => {
    expect(apiFieldErrors(refusal, { receiver_id: 'recipientEmail' })).toEqual({
      recipientEmail: 'No such user',
    });
  });

  test('gives nothing for an error without field errors, or one that is not from the API', () => {
    expect(apiFieldErrors(new ApiError(500, 'Boom'), ['email'] as const)).toEqual({});
    expect(apiFieldErrors(new Error('offline'), ['email'] as const)).toEqual({});
  });
});
