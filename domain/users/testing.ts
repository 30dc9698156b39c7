import { parseUserId } from '../shared/ids.ts';
import type { RegisteredProfile } from './userEvents.ts';

/** The person the user stream's tests register. */
export const ada = parseUserId('abcd2345');

/** Ada's profile as a registration records it; `fields` for what a test is about (key order kept). */
export const adaProfile = (fields: Partial<RegisteredProfile> = {}): RegisteredProfile => ({
  userId: ada,
  email: 'ada@example.com',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: '',
  profileImageUrl: '',
  isAdmin: false,
  ...fields,
});
