import type { FastifyRequest } from 'fastify';
import { requestedObjects } from '../modules/policy/space-scope';
import type { SpaceLookup } from '../modules/policy/space-membership';

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

/**
 * What the access check of a space route needs to read with the session (null for other routes,
 * or when no space is named: the check refuses those without a read).
 */
export function spaceLookupOf(request: FastifyRequest): SpaceLookup | null {
  if (request.routeOptions.config?.access?.auth !== 'space') return null;
  const organizationId = requestedSpaceId(request);
  if (!organizationId) return null;
  return { organizationId, named: requestedObjects([request.query, request.body]) };
}
