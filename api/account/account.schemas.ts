import { z } from 'zod';
import { LANGUAGES } from '../../domain/users/preferences.ts';
import { bio, name, password, username } from '../auth/auth.schemas.ts';

/**
 * The profile's forms (docs/product-rules.md spec 2). Objects are strict: an unknown field is a 400, which is also how
 * the API says the e-mail cannot be changed here. A field left out of the profile keeps its value.
 */
export const profileSchema = z.strictObject({
  firstName: name('First name').optional(),
  lastName: name('Last name').optional(),
  username: username.optional(),
  bio: bio.optional(),
});

export const passwordChangeSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: 'Current password is incorrect' })
      .min(1, 'Enter your current password')
      .max(128, 'Current password is incorrect'),
    newPassword: password,
    confirmPassword: z.string({ error: "Passwords don't match" }).max(128, "Passwords don't match"),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const preferencesSchema = z.strictObject({
  emailNotifications: z.boolean({ error: 'Must be true or false' }),
  marketingCommunications: z.boolean({ error: 'Must be true or false' }),
  transactionAlerts: z.boolean({ error: 'Must be true or false' }),
  language: z.enum(LANGUAGES, { error: 'Choose English, Spanish, French or German' }),
});

export const totpCodeSchema = z.strictObject({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/** The saved preferences: the same fields the PUT takes. */
export const preferencesAnswer = preferencesSchema;
export const twoFactorAnswer = z.object({ enabled: z.boolean() });
export const twoFactorSetupAnswer = z.object({
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string().describe('data: URL of a PNG QR code'),
});
export const passwordChangedAnswer = z.object({
  message: z.string(),
  endedSessions: z.number().int().describe("The user's other sessions that were ended"),
});
