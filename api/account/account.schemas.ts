import { z } from 'zod';
import { LANGUAGES, THEMES } from '../../domain/users/preferences.ts';
import { bio, name, password, username } from '../auth/auth.schemas.ts';
import { reauthenticationFields } from '../http/reauth.ts';

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
  // Optional for clients written before the theme existed: they leave it at the default.
  theme: z.enum(THEMES, { error: 'Choose system, light or dark' }).optional(),
});

export const totpCodeSchema = z.strictObject({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/**
 * Starting 2FA's enrolment is a change to how one signs in: it needs a fresh proof (the password; 2FA is
 * off by then), so a stolen session cannot enrol its own authenticator (docs/security.md "Step-up").
 */
export const twoFactorSetupSchema = z.strictObject({ ...reauthenticationFields });

/** The saved preferences: the same fields the PUT takes. */
export const preferencesAnswer = preferencesSchema.extend({ theme: z.enum(THEMES) });
export const twoFactorAnswer = z.object({ enabled: z.boolean() });
export const twoFactorSetupAnswer = z.object({
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string().describe('data: URL of a PNG QR code'),
});
export const passwordChangedAnswer = z.object({
  message: z.string(),
  endedSessions: z.number().int().describe("The user's other sessions that were ended"),
});

/** One event of the log as the data export shows it (app/account/dataExport.ts, exportedEvent). */
const exportedEventAnswer = z.object({
  id: z.string(),
  stream: z.string(),
  revision: z.string(),
  position: z.string(),
  type: z.string(),
  recordedAt: z.string(),
  data: z.unknown(),
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  hash: z.string(),
});

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * "Download my data" (docs/architecture/data-export.md): everything the wallet holds about the signed-in
 * person, sent as a JSON file. `sections` explains each section in plain words.
 */
export const dataExportAnswer = z
  .object({
    format: z.literal('sai-wallet-data-export'),
    version: z.number().int(),
    generatedAt: z.string(),
    subject: z.string().describe('The user id the export is about'),
    sections: z.record(z.string(), z.string()),
    profile: z.record(z.string(), z.unknown()),
    security: z.object({
      passwordLastChangedAt: z.string().nullable(),
      twoFactorEnabled: z.boolean(),
      twoFactorEnabledAt: z.string().nullable(),
    }),
    sessions: rows,
    balances: z.array(z.object({ asset: z.string(), balance: z.string(), onHold: z.string() })),
    card: z.record(z.string(), z.unknown()).nullable(),
    cryptoDeposits: rows,
    withdrawals: rows,
    payments: rows,
    notifications: rows,
    contactMessages: rows,
    history: rows,
    events: z.array(exportedEventAnswer),
  })
  .describe('A JSON file (Content-Disposition: attachment), written as it is read');
