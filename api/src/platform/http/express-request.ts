import type { AuthUser } from './auth-context';

/** What our middleware adds to every Express request: one declaration, read by the whole api. */
declare global {
  namespace Express {
    interface Request {
      /** The request id: the proxy's X-Request-Id when it sent a sane one, else a new uuid. */
      id: string;
      /** Set by authenticate() when the bearer token verified. */
      auth?: AuthUser;
      /** Set by authenticate() when a bearer token was sent but did not verify. */
      authError?: string;
    }
  }
}
