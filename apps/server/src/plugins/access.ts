import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Organization, OrganizationMember } from '../db/schema';
import { AppError } from '../lib/app-error';
import { can, type SpaceAction } from '../modules/policy/policy';
import { requireUser } from './session';
import { requestedSpaceId } from './requested-space';

/**
 * Who may call a route. Every /api route declares one (the server refuses to start otherwise),
 * and the permission-matrix test reads the same declarations.
 */
export type Access = { auth: 'public' } | { auth: 'user' } | { auth: 'space'; action: SpaceAction };

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access;
  /** A paired phone's session may call it (the signing routes only). */
  phone: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** True on the few routes a paired phone's session may call: it lists, shows and signs tasks. */
    phone?: boolean;
  }
  interface FastifyRequest {
    /** The space the request acts in, once the access check passed. */
    space: { organization: Organization; member: OrganizationMember } | null;
  }
  interface FastifyInstance {
    routeAccessTable: RouteAccessEntry[];
  }
}

export const accessPlugin = fp(async (app) => {
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', table);
  app.decorateRequest('space', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        table.push({ method, url: route.url, access, phone: route.config?.phone === true });
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.auth === 'public') return;
    const { user, session } = requireUser(request);
    if (session.kind === 'phone' && request.routeOptions.config?.phone !== true)
      throw new AppError('PHONE_SESSION_SCOPE_ERROR');
    if (access.auth === 'user') return;
    if (!requestedSpaceId(request)) throw new AppError('ORG_AUTHENTICATION_ERROR');
    // The session hook read the membership with the session (spaceLookupOf names the same space).
    const space = request.auth?.space;
    if (space === undefined) throw new Error('the session was read without its space');
    // Another space's id reads as "not found": a guess must not learn that the space exists.
    if (!space || space.member.status === 'pending' || space.member.status === 'expired')
      throw new AppError('ORGANIZATION_NOT_FOUND_ERROR');
    if (space.member.status === 'blocked') throw new AppError('MEMBER_BLOCKED_ERROR');
    const decision = can({ userId: user.id, role: space.member.role }, access.action);
    if (!decision.allowed) throw new AppError(decision.code!);
    // Ids of another space's objects read as "not found", before the body's shape is judged.
    if (space.objectOutsideSpace) throw new AppError(space.objectOutsideSpace);
    request.space = { organization: space.organization, member: space.member };
  });
});

/** The space of a route whose access rule is 'space' (set by the access check). */
export function requireSpace(request: FastifyRequest): {
  organization: Organization;
  member: OrganizationMember;
} {
  if (!request.space) throw new AppError('ORG_AUTHENTICATION_ERROR');
  return request.space;
}
