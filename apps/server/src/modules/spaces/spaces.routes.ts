import {
  createSpaceBody,
  enterSpaceBody,
  spaceSettingsBody,
  updateSpaceBody,
  spaceListReply,
  spaceReply,
  enterSpaceReply,
  environmentScanReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext, userCommandContext } from '../../lib/command-context';
import { readFormWithImage } from '../../lib/image-form';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import {
  changeSpaceSettings,
  createSpace,
  editSpace,
  enterSpace,
  listSpaces,
  scanSpace,
  spaceInfo,
} from './space-commands';

const tags = ['organization'];
export const LAST_SPACE_COOKIE = 'ks_last_space';

/** Remembers the space the user entered last (Secure when the platform is served over https). */
export function rememberSpace(ctx: AppContext, reply: FastifyReply, organizationId: number): void {
  reply.setCookie(LAST_SPACE_COOKIE, String(organizationId), {
    path: '/',
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    maxAge: 365 * 86_400,
  });
}

export async function spacesRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/organization',
    {
      config: { access: SIGNED_IN },
      schema: { response: replies(spaceListReply), tags, summary: 'Spaces the user belongs to' },
    },
    async (request, reply) => {
      const list = await listSpaces(ctx, userCommandContext(request));
      return reply.ok({ list, last_entered: Number(request.cookies[LAST_SPACE_COOKIE]) || null });
    },
  );

  app.post(
    '/organization',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(spaceReply),
        tags,
        body: createSpaceBody,
        summary: 'Create a space (needs a bound authenticator)',
      },
    },
    async (request, reply) => reply.ok(await createSpace(ctx, userCommandContext(request), request.body)),
  );

  app.get(
    '/organization/base-info',
    {
      config: { access: inSpace('space.view') },
      schema: { response: replies(spaceReply), tags, summary: 'The current space (organization-id header)' },
    },
    async (request, reply) => reply.ok(await spaceInfo(ctx, commandContext(request))),
  );

  app.patch(
    '/organization',
    {
      config: { access: inSpace('space.update') },
      schema: {
        response: replies(spaceReply),
        tags,
        summary: 'Edit name, description, logo (JSON or form data)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const { fields, image: logo } = await readFormWithImage(request, updateSpaceBody.strict(), 'logo');
      return reply.ok(await editSpace(ctx, actor, { fields, logo }));
    },
  );

  app.post(
    '/organization/enter',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(enterSpaceReply),
        tags,
        body: enterSpaceBody,
        summary: 'Switch into a space',
      },
    },
    async (request, reply) => {
      const space = await enterSpace(ctx, userCommandContext(request), request.body.organization_id);
      rememberSpace(ctx, reply, space.organization_id);
      return reply.ok(space);
    },
  );

  app.put(
    '/organization/settings',
    {
      config: { access: inSpace('space.settings') },
      schema: {
        response: replies(spaceReply),
        tags,
        body: spaceSettingsBody,
        summary: 'Approval verification, testnet and dapp switches',
      },
    },
    async (request, reply) => reply.ok(await changeSpaceSettings(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/organization/environment-scan',
    {
      config: { access: inSpace('space.settings') },
      schema: { response: replies(environmentScanReply), tags, summary: 'Scan the space for risky settings' },
    },
    async (request, reply) => reply.ok(await scanSpace(ctx, commandContext(request))),
  );
}
