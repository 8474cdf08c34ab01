import { PasskeyStore } from '../../security/passkey-store.ts';
import { passkeyChallenges, passkeys } from './auth.schema.ts';

/**
 * Customers' passkeys and the challenges of their ceremonies (ADR 0059). `removeAll` is a password
 * reset's (whoever added one with the old password loses it) and an 'Us' line's login that ended.
 */
export const passkeyRepository = new PasskeyStore({ passkeys, challenges: passkeyChallenges });
