import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, isLanguage } from '@keystead/contract';
import type { AppContext } from '../context';
import type { Session, User } from '../db/schema';
import { AppError } from '../lib/app-error';
import { loadSession, type LoadedSession } from '../modules/auth/session.service';
import { spaceLookupOf } from './requested-space';

declare module 'fastify' {
  interface FastifyRequest {
    /** The cookie's session, whatever its stage; null when there is none or it expired. */
    auth: LoadedSession | null;
  }
}

/** Reads the session cookie once per request; routes then ask for the stage they need. */
export const sessionPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.decorateRequest('auth', null);
  // preValidation: who is asking is known before the body is judged, so the access check (also
  // preValidation) can refuse a stranger before they learn anything from validation errors.
  app.addHook('preValidation', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    request.auth = await loadSession(ctx, token, spaceLookupOf(request) ?? undefined);
    if (request.auth && !request.langFromHeader && isLanguage(request.auth.user.language_code)) {
      request.lang = request.auth.user.language_code;
    }
  });
});

/** The signed-in user (second factor done), or UCS_USER_AUTHENTICATION. */
export function requireUser(request: Pick<FastifyRequest, 'auth'>): { session: Session; user: User } {
  if (!request.auth || request.auth.session.stage !== 'active') throw new AppError('UCS_USER_AUTHENTICATION');
  return request.auth;
}

/** A login that passed the password and waits for its second factor. */
export function requireSecondFactorStage(request: Pick<FastifyRequest, 'auth'>): {
  session: Session;
  user: User;
} {
  if (!request.auth || request.auth.session.stage !== 'second_factor')
    throw new AppError('LOGIN_EXPIRED_ERROR');
  return request.auth;
}
