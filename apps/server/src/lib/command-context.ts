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
  /** Called from a paired phone (its session may only do what a phone is for). */
  viaPhone?: boolean;
}

/** Who runs a command outside any space (account, security, invitations): the user and the client's address. */
export interface UserCommandContext {
  user: User;
  ip: string;
}

export function userCommandContext(request: FastifyRequest): UserCommandContext {
  const { user } = requireUser(request);
  return { user, ip: request.ip };
}

/** A command on the caller's own sign-in (security changes rotate or keep this session). */
export interface SessionCommandContext extends UserCommandContext {
  sessionId: number;
}

export function sessionCommandContext(request: FastifyRequest): SessionCommandContext {
  const { user, session } = requireUser(request);
  return { user, ip: request.ip, sessionId: session.id };
}

export function commandContext(request: FastifyRequest): CommandContext {
  const { organization, member } = requireSpace(request);
  const { user, session } = requireUser(request);
  return { user, member, organization, ip: request.ip, viaPhone: session.kind === 'phone' };
}
