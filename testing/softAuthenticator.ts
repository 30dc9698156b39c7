import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for API tests: ES256 (P-256) keys, "none" attestation, user presence
 * and verification flags set, a signature counter that moves forward. It produces exactly the JSON that
 * @simplewebauthn/browser would send, so the server's real verification runs on it. Written here rather
 * than taken from a package: the few that exist emulate a browser, not the bytes this needs.
 */
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(
    readonly origin: string,
    /** Clear to answer as an authenticator that did not verify the user. */
    public userVerified = true,
  ) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private flags(): number {
    return FLAG_UP | (this.userVerified ? FLAG_UV : 0);
  }

  /** navigator.credentials.create(): a new discoverable credential for the options' user. */
  create(options: CreationOptions, origin = this.origin) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]);
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const authData = this.authData(rpId, this.flags() | FLAG_AT, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const userHandle = Buffer.from(options.user.id, 'base64url').toString('utf8');
    this.credentials.push({ id, privateKey, userHandle, counter: 0 });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject) },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion by `credential` (default: the latest created). */
  get(
    options: RequestOptions,
    credential = this.credentials.at(-1),
    overrides: { origin?: string; type?: string } = {},
  ) {
    if (!credential) throw new Error('no credential to sign with');
    credential.counter += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authData(rpId, this.flags(), credential.counter);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: overrides.type ?? 'webauthn.get',
        challenge: options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: b64u(Buffer.from(credential.userHandle, 'utf8')),
      },
      clientExtensionResults: {},
    };
  }
}
