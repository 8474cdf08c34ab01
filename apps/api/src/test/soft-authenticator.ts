import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { PasskeyCeremony } from '@selfcare/domain/contracts/passkeys';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { body } from './harness.ts';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array | string) => Buffer.from(data).toString('base64url');

/** Authenticator data's flags: the user was present, verified; the data carries a new credential. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  counter: number;
}

/** Where a ceremony is answered from, and whether the person was verified (a fingerprint, a PIN). */
export interface Answering {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
}

/**
 * A passkey authenticator in software, as a phone's or a password manager's would answer WebAuthn:
 * an ES256 key pair per credential, 'none' attestation, and assertions signed over the relying
 * party's hash, the flags, the counter and the client data. Tests use it to answer the API's
 * ceremonies as a browser would, and to answer them wrongly as an attacker would.
 */
export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  /** Answers `navigator.credentials.create()` with the options the API gave. */
  create(
    options: { challenge: string; user: { id: string } },
    { origin = this.origin, rpId = this.rpId, userVerified = true }: Answering = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]);
    const id = randomBytes(32);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | AT | (userVerified ? UV : 0)]),
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID
      length,
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    this.credentials.push({ id, key: privateKey, userHandle: options.user.id, counter: 0 });
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false };
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(JSON.stringify(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Answers `navigator.credentials.get()` with its newest credential, or the one given. */
  get(
    options: { challenge: string },
    { origin = this.origin, rpId = this.rpId, userVerified = true }: Answering = {},
    credential = this.credentials.at(-1),
  ) {
    if (!credential) throw new Error('the authenticator holds no credential');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | (userVerified ? UV : 0)]), counter]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}

/** The ceremony an API call began (200), with the options the tests read of it. */
export function ceremonyOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return body<PasskeyCeremony>(res).data as PasskeyCeremony & {
    options: {
      challenge: string;
      user: { id: string };
      rp: { id: string; name: string };
      excludeCredentials: unknown[];
    };
  };
}
