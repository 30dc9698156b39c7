import { describe, expect, test } from 'vitest';
import {
  exceedsBalance,
  hasErrors,
  isEmail,
  type RegisterValues,
  validateLogin,
  validateRegister,
  validateSend,
} from './validation.ts';

const validRegistration: RegisterValues = {
  firstName: '',
  lastName: '',
  username: 'ada',
  email: 'ada@example.com',
  password: 'secret',
  confirmPassword: 'secret',
  termsAgreed: true,
};

describe('isEmail', () => {
  test.each(['ada@example.com', 'a.b+tag@mail.example.co.uk', "o'neil@example.io"])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });
  test.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'a..b@example.com', 'ada @example.com'])(
    'rejects %j',
    (value) => {
      expect(isEmail(value)).toBe(false);
    },
  );
});

describe('validateLogin', () => {
  test('needs a valid e-mail and a password of at least 6 characters', () => {
    expect(validateLogin({ email: 'nope', password: '12345' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(validateLogin({ email: 'ada@example.com', password: '123456' })).toEqual({});
  });

  test('asks for a 6-digit code only once two-factor sign-in is required', () => {
    const values = { email: 'ada@example.com', password: '123456', totpCode: '12' };
    expect(validateLogin(values)).toEqual({});
    expect(validateLogin(values, true).totpCode).toMatch(/6-digit/);
    expect(validateLogin({ ...values, totpCode: '123456' }, true)).toEqual({});
  });
});

describe('validateRegister', () => {
  test('a complete form passes; names are optional', () => {
    expect(hasErrors(validateRegister(validRegistration))).toBe(false);
  });

  test('spec messages for each rule', () => {
    const errors = validateRegister({
      ...validRegistration,
      username: 'ab',
      email: 'x',
      password: '123',
      confirmPassword: '12',
      termsAgreed: false,
    });
    expect(errors).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Password must be at least 6 characters',
      termsAgreed: 'You must agree to the terms and conditions',
    });
  });

  test('mismatched passwords are reported on the confirmation', () => {
    expect(validateRegister({ ...validRegistration, confirmPassword: 'secret!' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('validateSend (docs/product-rules.md spec 5)', () => {
  const valid = { recipientEmail: 'bob@example.com', amount: '5', description: '' };

  test('a valid transfer within the balance passes', () => {
    expect(validateSend(valid, '10.00')).toEqual({});
    expect(validateSend({ ...valid, amount: '10.00' }, '10.00')).toEqual({});
  });

  test('the spec messages', () => {
    expect(validateSend({ ...valid, recipientEmail: 'bob' }, '10.00').recipientEmail).toBe(
      'Valid email is required',
    );
    expect(validateSend({ ...valid, amount: '0' }, '10.00').amount).toBe('Amount must be a positive number');
    expect(validateSend({ ...valid, amount: '-1' }, '10.00').amount).toBe('Amount must be a positive number');
    expect(validateSend({ ...valid, amount: '10.01' }, '10.00').amount).toBe(
      'Insufficient balance: You do not have enough SAI tokens to complete this transaction.',
    );
    expect(validateSend({ ...valid, amount: '1.001' }, '10.00').amount).toBe(
      'Amount can have at most 2 decimal places',
    );
    expect(validateSend({ ...valid, description: 'x'.repeat(201) }, '10.00').description).toBeDefined();
  });

  test('exceedsBalance compares exactly', () => {
    expect(exceedsBalance('0.30', '0.3')).toBe(false);
    expect(exceedsBalance('100000000000000000.01', '100000000000000000.00')).toBe(true);
  });
});
