import { describe, expect, it } from 'vitest';
import { accountDecider } from '../../domain/accounts/account.ts';
import {
  ConflictError,
  NotFoundError,
  ReceiverSuspendedError,
  ValidationError,
} from '../../domain/shared/errors.ts';
import { parseUserId } from '../../domain/shared/ids.ts';
import { fieldErrorsOf } from './domainErrors.ts';

const bob = parseUserId('bob00001');
const admin = parseUserId('admin001');

describe('domain errors at the API edge', () => {
  it('carry ids and codes; the edge names the form field the clients expect', () => {
    let thrown: unknown;
    try {
      accountDecider.decide(
        {
          type: 'MintTokens',
          data: {
            transactionId: 't1',
            userId: bob,
            asset: 'SAI',
            units: 1n,
            source: 'distribution',
            paymentId: null,
            description: '',
            mintedBy: admin,
            receiverSuspended: true,
          },
          now: new Date(),
        },
        accountDecider.initialState(),
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ReceiverSuspendedError);
    const error = thrown as ReceiverSuspendedError;
    expect(error.ids).toEqual({ receiverId: 'bob00001' });
    expect(fieldErrorsOf(error)).toEqual({ receiver_id: error.message });
  });

  it('uses the attribute for text and taken values, and the form wording where it differs', () => {
    const text = new ValidationError('Notes contains a control character', {
      code: 'text_not_allowed',
      attribute: 'notes',
    });
    expect(fieldErrorsOf(text)).toEqual({ notes: 'Notes contains a control character' });
    const taken = new ConflictError('Username already taken', { code: 'value_taken', attribute: 'username' });
    expect(fieldErrorsOf(taken)).toEqual({ username: 'Username already taken' });
    const network = new ValidationError('BTC cannot be deposited on that network', {
      code: 'network_unsupported',
    });
    expect(fieldErrorsOf(network)).toEqual({ network: 'Please select a network' });
  });

  it('gives no field errors to an error without a code', () => {
    expect(fieldErrorsOf(new NotFoundError('Payment not found'))).toBeUndefined();
  });
});
