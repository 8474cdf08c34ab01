import type { AuthUser } from '@selfcare/domain/contracts/auth';
import type { SessionUser } from './auth.repository.ts';

/** Where a sign-in request came from, kept on the session it opens. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** A new or refreshed session: the access token, the refresh token and who it is for. */
export interface IssuedSession {
  token: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  authUser: AuthUser;
}

export function toAuthUser(u: SessionUser, exp?: number, sessionExp?: number): AuthUser {
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    status: u.status,
    activated: u.activated,
    isVerify: u.emailVerifiedAt !== null,
    isMainLine: u.isMainLine,
    phoneNumber: u.phoneNumber,
    type: u.type,
    subline: u.subline,
    enable: u.enable,
    isMNP: u.isMnp,
    cisTypes: u.cisTypes,
    roadshow: u.roadshow,
    language: u.language,
    ...(exp ? { exp } : {}),
    ...(sessionExp ? { sessionExp } : {}),
  };
}

/** A link to a page of the portal, for an email. */
export function portalLink(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}
