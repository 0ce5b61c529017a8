import {
  mobilePairBody,
  mobilePairingReply,
  mobilePairingStatusReply,
  mobileSessionReply,
  mobileTasksQuery,
  mobileInheritanceReply,
  mobileTasksReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { replies } from '../../lib/replies';
import { PUBLIC, SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { sessionClient, setSessionCookie } from '../auth/session.service';
import { issuePairingCode, pairingStatus, pairPhone } from './phone-pairing';
import { inheritanceForPhone } from './phone-inheritance';
import { tasksForPhone } from './phone-tasks';

const tags = ['mobile'];

/** §1 the companion phone signer: pairing by a one-time code, and the tasks its key signs. */
export async function mobileRoutes(app: AppInstance, ctx: AppContext) {
  const secure = ctx.config.secureCookies;

  app.post(
    '/mobile/pairing',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(mobilePairingReply),
        tags,
        summary: 'A one-time code (two minutes) for a phone to pair with this account',
      },
    },
    async (request, reply) => {
      // The desktop's own address: the phone must reach the same server the desktop does.
      const base = ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      return reply.ok(await issuePairingCode(ctx, requireUser(request), base));
    },
  );

  app.get(
    '/mobile/pairing',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(mobilePairingStatusReply),
        tags,
        summary: 'Whether the newest code this session asked for has paired a phone',
      },
    },
    async (request, reply) => reply.ok(await pairingStatus(ctx, requireUser(request).session.id)),
  );

  app.post(
    '/mobile/pair',
    {
      config: { access: PUBLIC, phone: true },
      schema: {
        response: replies(mobileSessionReply),
        tags,
        body: mobilePairBody,
        summary: 'Trade a pairing code for a phone session (it may only list, show and sign tasks)',
      },
    },
    async (request, reply) => {
      const paired = await pairPhone(ctx, sessionClient(request), request.body.code);
      setSessionCookie(reply, paired.token, { secure, kind: 'phone' });
      return reply.ok({
        email: paired.user.email,
        nickname: paired.user.nickname,
        kind: 'phone' as const,
        expires_at: paired.expiresAt.toISOString(),
      });
    },
  );

  app.get(
    '/mobile/session',
    {
      config: { access: SIGNED_IN, phone: true },
      schema: { response: replies(mobileSessionReply), tags, summary: 'Who this phone signs for' },
    },
    async (request, reply) => {
      const { user, session } = requireUser(request);
      return reply.ok({
        email: user.email,
        nickname: user.nickname,
        kind: session.kind,
        expires_at: session.expires_at.toISOString(),
      });
    },
  );

  app.get(
    '/mobile/tasks',
    {
      config: { access: SIGNED_IN, phone: true },
      schema: {
        response: replies(mobileTasksReply),
        tags,
        querystring: mobileTasksQuery,
        summary: "Tasks of every space waiting for this (own, verified) address's signature",
      },
    },
    async (request, reply) =>
      reply.ok(await tasksForPhone(ctx, requireUser(request).user.id, request.query.address)),
  );

  app.get(
    '/mobile/inheritance',
    {
      config: { access: SIGNED_IN, phone: true },
      schema: {
        response: replies(mobileInheritanceReply),
        tags,
        summary: 'Wallets whose owner named this account heir, waiting for its answer or accepted',
      },
    },
    async (request, reply) => reply.ok(await inheritanceForPhone(ctx, requireUser(request).user.id)),
  );
}
