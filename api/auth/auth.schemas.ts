import { z } from 'zod';
import { storedText } from '../http/text.ts';
import { assertionSchema } from './passkeys.schemas.ts';

/** A first or last name: one line of stored text (docs/security.md, "Stored text"). */
export const name = (label: string) =>
  z.string().trim().max(50, 'Must be at most 50 characters').superRefine(storedText(label));
export const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));
export const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  // argon2 cost is per byte of input: cap it so a huge password cannot tie up the CPU.
  .max(128, 'Password must be at most 128 characters');

/** The token a mailed link carries back (a password reset, an address's confirmation or reclaim). */
export const linkToken = z
  .string({ error: 'The link is incomplete' })
  .min(1, 'The link is incomplete')
  .max(100);

/** A new password set through a mailed link (a reset, an address's reclaim): the token, the password twice. */
export const newPasswordByLinkSchema = z
  .strictObject({
    token: linkToken,
    newPassword: password,
    confirmPassword: z.string({ error: "Passwords don't match" }).max(128, "Passwords don't match"),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const username = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores');
export const bio = z
  .string({ error: 'Bio must be text' })
  .max(500, 'Bio must be at most 500 characters')
  // A bio is multi-line: tab and line breaks are the only control characters it may hold.
  .superRefine(storedText('Bio', { multiline: true }));

/** Registration payload of the spec (section 3); unknown fields are refused. */
export const registerSchema = z
  .strictObject({
    username,
    email,
    password,
    confirmPassword: z.string({ error: "Passwords don't match" }).max(128),
    firstName: name('First name').optional().default(''),
    lastName: name('Last name').optional().default(''),
    /** The client always sends false; admins are made by operators only (docs/product-rules.md rule 1). */
    isAdmin: z.boolean().optional(),
    profileImageUrl: z
      .union([
        z.literal(''),
        z.url({ protocol: /^https$/, error: 'Profile image must be an https URL' }).max(2048),
      ])
      .optional()
      .default(''),
    bio: bio.optional().default(''),
    termsAgreed: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const loginSchema = z.strictObject({
  email,
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(128),
  rememberMe: z.boolean().optional().default(false),
  totpCode: z
    .string()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
    .optional(),
  /** The passkey's answer to the challenge of a 'passkey_required' refusal (api/auth/secondFactor.ts). */
  passkey: assertionSchema.optional(),
});

/** The user the client sees: profile, role, status and the SAI balance figures. */
export const userAnswer = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  status: z.enum(['active', 'suspended', 'erased']),
  twoFactorEnabled: z.boolean(),
  /** false until the link mailed to the address is opened: no money in, no second factor (docs/security.md). */
  emailVerified: z.boolean(),
  initials: z.string(),
  balance: z.string().describe('SAI, exact'),
  balanceUSD: z.string().describe('Display value in USD, rounded to cents'),
  balanceChange24h: z.string(),
  tokenValue: z.string().describe('USD per SAI'),
  profileImageUrl: z.string(),
  bio: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Who is signed in: the user, or null for a visitor (GET /api/auth/session). */
export const sessionAnswer = z.object({
  user: userAnswer.nullable().describe('null when no one is signed in'),
});
