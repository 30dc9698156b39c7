import { z } from 'zod';
import { reauthenticationFields } from '../http/reauth.ts';
import { storedText } from '../http/text.ts';

/**
 * The WebAuthn JSON that @simplewebauthn/browser sends (RegistrationResponseJSON,
 * AuthenticationResponseJSON): checked for shape and size here, verified by @simplewebauthn/server.
 */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Must be base64url');

const common = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const assertionSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(4096),
    userHandle: base64url(1024).optional(),
  }),
});

export const passkeyName = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(50, 'Must be at most 50 characters')
  .superRefine(storedText('Name'));

/** Re-authentication (api/http/reauth.ts): the code when 2FA is on, else the password. */
const reauthentication = reauthenticationFields;

export const registrationOptionsSchema = z.strictObject(reauthentication);
export const removePasskeySchema = z.strictObject(reauthentication);
export const addPasskeySchema = z.strictObject({ name: passkeyName, response: registrationResponseSchema });
export const renamePasskeySchema = z.strictObject({ name: passkeyName });
export const passkeySignInSchema = z.strictObject({
  response: assertionSchema,
  rememberMe: z.boolean().optional().default(false),
});

export const passkeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, passed to the browser as they are. */
export const optionsAnswer = z.object({ options: z.record(z.string(), z.unknown()) });
