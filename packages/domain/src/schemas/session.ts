/** The session answer's contract, which the package's root also offers (its first home). */
export {
  type AuthUser,
  authUserSchema,
  type SessionResponse,
  sessionResponseSchema,
} from '../contracts/auth.ts';
