import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Organization, OrganizationMember } from '../db/schema';
import { AppError } from '../lib/app-error';
import { can, type SpaceAction } from '../modules/policy/policy';
import { firstObjectOutsideSpace, requestedObjects } from '../modules/policy/space-scope';
import { requireUser } from './session';

/**
 * Who may call a route. Every /api route declares one (the server refuses to start otherwise),
 * and the permission-matrix test reads the same declarations.
 */
export type Access = { auth: 'public' } | { auth: 'user' } | { auth: 'space'; action: SpaceAction };

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The space the request acts in, once the access check passed. */
    space: { organization: Organization; member: OrganizationMember } | null;
  }
  interface FastifyInstance {
    routeAccessTable: RouteAccessEntry[];
  }
}

/** The space id a request names: the organization-id header (§7), else organization_id in query or body. */
export function requestedSpaceId(request: FastifyRequest): number | null {
  if (request.organizationIdHeader) return request.organizationIdHeader;
  for (const source of [request.query, request.body]) {
    const value = (source as Record<string, unknown> | undefined)?.organization_id;
    const id = Number(value);
    if (Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}

export const accessPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', table);
  app.decorateRequest('space', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.auth === 'public') return;
    const { user } = requireUser(request);
    if (access.auth === 'user') return;
    const organizationId = requestedSpaceId(request);
    if (!organizationId) throw new AppError('ORG_AUTHENTICATION_ERROR');
    const row = await ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .selectAll('o')
      .select([
        'm.id as member_id',
        'm.role',
        'm.status',
        'm.email as member_email',
        'm.joined_at',
        'm.user_id as member_user_id',
        'm.invite_token_hash',
        'm.invite_expires_at',
        'm.invited_by',
        'm.created_at as member_created_at',
        'm.updated_at as member_updated_at',
        // Ids of another space's objects: read here, thrown after the checks below.
        firstObjectOutsideSpace(requestedObjects([request.query, request.body]), organizationId).as(
          'object_outside_space',
        ),
      ])
      .where('m.organization_id', '=', organizationId)
      .where('m.user_id', '=', user.id)
      .executeTakeFirst();
    // Another space's id reads as "not found": a guess must not learn that the space exists.
    if (!row || row.status === 'pending' || row.status === 'expired')
      throw new AppError('ORGANIZATION_NOT_FOUND_ERROR');
    if (row.status === 'blocked') throw new AppError('MEMBER_BLOCKED_ERROR');
    const decision = can({ userId: user.id, role: row.role }, access.action);
    if (!decision.allowed) throw new AppError(decision.code!);
    // Ids of another space's objects read as "not found", before the body's shape is judged.
    if (row.object_outside_space) throw new AppError(row.object_outside_space);
    const {
      member_id,
      role,
      status,
      member_email,
      joined_at,
      member_user_id,
      invite_token_hash,
      invite_expires_at,
      invited_by,
      member_created_at,
      member_updated_at,
      object_outside_space: _checked,
      ...organization
    } = row;
    request.space = {
      organization,
      member: {
        id: member_id,
        organization_id: organization.id,
        user_id: member_user_id,
        email: member_email,
        role,
        status,
        invite_token_hash,
        invite_expires_at,
        invited_by,
        joined_at,
        created_at: member_created_at,
        updated_at: member_updated_at,
      },
    };
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
