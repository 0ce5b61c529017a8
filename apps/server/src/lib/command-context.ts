import type { FastifyRequest } from 'fastify';
import type { Organization, OrganizationMember, User } from '../db/schema';
import { requireSpace } from '../plugins/access';
import { requireUser } from '../plugins/session';

/**
 * Who runs a command in a space: a plain value, never the HTTP request, so jobs, CLIs and tests
 * call commands the same way routes do. Each command opens its own database transaction.
 */
export interface CommandContext {
  user: User;
  member: OrganizationMember;
  organization: Organization;
  ip: string;
}

export function commandContext(request: FastifyRequest): CommandContext {
  const { organization, member } = requireSpace(request);
  const { user } = requireUser(request);
  return { user, member, organization, ip: request.ip };
}
