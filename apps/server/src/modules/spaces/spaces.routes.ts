import { sql } from 'kysely';
import {
  MAX_SPACES_PER_CREATOR,
  SpaceRole,
  createSpaceBody,
  enterSpaceBody,
  isTrialSpace,
  spaceSettingsBody,
  updateSpaceBody,
  spaceListReply,
  spaceReply,
  enterSpaceReply,
  environmentScanReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { LockNamespace } from '../../jobs/lock-ids';
import { AppError } from '../../lib/app-error';
import { readFormWithImage } from '../../lib/image-form';
import { requireSpace } from '../../plugins/access';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { storeImage } from '../uploads/image-upload';
import { scanEnvironment } from './environment-scan';
import { presentSpace } from './space-presenter';

const tags = ['organization'];
export const LAST_SPACE_COOKIE = 'ks_last_space';

async function memberCount(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('organization_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', 'in', ['joined', 'blocked'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Wallets of the space that are not archived (the §2 guard sends a space without any to /organization). */
async function walletCount(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 10)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user holds the operator role on a live wallet of the space. */
async function operatesWallet(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('wallet_members as r')
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .select('r.wallet_id')
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '<>', 10)
    .where('r.user_id', '=', userId)
    .where('r.role', '=', 'operator')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function spacesRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/organization',
    {
      config: { access: SIGNED_IN },
      schema: { response: replies(spaceListReply), tags, summary: 'Spaces the user belongs to' },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const rows = await ctx.db
        .selectFrom('organization_members as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .selectAll('o')
        .select(['m.role', 'm.status'])
        .select((eb) =>
          eb
            .selectFrom('organization_members as c')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('c.organization_id', '=', 'o.id')
            .where('c.status', 'in', ['joined', 'blocked'])
            .as('member_count'),
        )
        .select((eb) =>
          eb
            .selectFrom('wallets as w')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('w.organization_id', '=', 'o.id')
            .where('w.status', '<>', 10)
            .as('wallet_count'),
        )
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('wallet_members as r')
                .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
                .select('r.wallet_id')
                .whereRef('w.organization_id', '=', 'o.id')
                .where('w.status', '<>', 10)
                .where('r.user_id', '=', user.id)
                .where('r.role', '=', 'operator'),
            )
            .as('is_operator'),
        )
        .where('m.user_id', '=', user.id)
        .where('m.status', '=', 'joined')
        .orderBy('o.id')
        .execute();
      const list = rows.map(
        ({ role, status: _status, member_count, wallet_count, is_operator, ...organization }) =>
          presentSpace(organization, role, {
            member_count: Number(member_count),
            wallet_count: Number(wallet_count),
            is_operator: Boolean(is_operator),
          }),
      );
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
    async (request, reply) => {
      const { user } = requireUser(request);
      if (!user.totp_secret_enc) throw new AppError('PERMISSION_MFA_REQUIRED_ERROR');
      const body = request.body;
      const created = await ctx.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LockNamespace.SpaceCreator}, ${user.id}::int)`.execute(trx);
        const owned = await trx
          .selectFrom('organizations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('creator_user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        if (Number(owned.n) >= MAX_SPACES_PER_CREATOR)
          throw new AppError('LIMIT_SPACES_ERROR', { max: MAX_SPACES_PER_CREATOR });
        const organization = await trx
          .insertInto('organizations')
          .values({
            name: body.name,
            description: body.description ?? null,
            kind: body.kind,
            type: body.edition === 'experience' ? 1 : 3,
            is_open_testnet: body.edition === 'experience',
            creator_user_id: user.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('organization_members')
          .values({
            organization_id: organization.id,
            user_id: user.id,
            email: user.email,
            role: SpaceRole.Creator,
            status: 'joined',
            joined_at: new Date(),
          })
          .execute();
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'organization',
          operation: 'create',
          ip: request.ip,
          content: { name: body.name, edition: body.edition },
        });
        return organization;
      });
      return reply.ok(presentSpace(created, SpaceRole.Creator, { member_count: 1, wallet_count: 0 }));
    },
  );

  app.get(
    '/organization/base-info',
    {
      config: { access: inSpace('space.view') },
      schema: { response: replies(spaceReply), tags, summary: 'The current space (organization-id header)' },
    },
    async (request, reply) => {
      const { organization, member } = requireSpace(request);
      const { user } = requireUser(request);
      const [members, wallets, operator] = await Promise.all([
        memberCount(ctx.db, organization.id),
        walletCount(ctx.db, organization.id),
        operatesWallet(ctx.db, organization.id, user.id),
      ]);
      return reply.ok(
        presentSpace(organization, member.role, {
          member_count: members,
          wallet_count: wallets,
          is_operator: operator,
        }),
      );
    },
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
      const { organization, member } = requireSpace(request);
      const { user } = requireUser(request);
      const { fields, image: logo } = await readFormWithImage(request, updateSpaceBody.strict(), 'logo');
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const changes: Record<string, unknown> = { ...fields, updated_at: new Date() };
        if (logo) changes.logo_upload_id = await storeImage(trx, logo, user.id);
        const row = await trx
          .updateTable('organizations')
          .set(changes)
          .where('id', '=', organization.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'organization',
          operation: 'update',
          ip: request.ip,
          content: { ...fields, logo: Boolean(logo) },
        });
        return row;
      });
      return reply.ok(
        presentSpace(updated, member.role, {
          member_count: await memberCount(ctx.db, organization.id),
          wallet_count: 0,
        }),
      );
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
      const { user } = requireUser(request);
      const row = await ctx.db
        .selectFrom('organization_members as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .selectAll('o')
        .select(['m.role', 'm.status'])
        .where('m.organization_id', '=', request.body.organization_id)
        .where('m.user_id', '=', user.id)
        .executeTakeFirst();
      if (!row || row.status === 'pending' || row.status === 'expired')
        throw new AppError('ORGANIZATION_NOT_FOUND_ERROR');
      if (row.status === 'blocked') throw new AppError('MEMBER_BLOCKED_ERROR');
      const { role, status: _status, ...organization } = row;
      reply.setCookie(LAST_SPACE_COOKIE, String(organization.id), {
        path: '/',
        sameSite: 'lax',
        maxAge: 365 * 86_400,
      });
      const [members, wallets, operator] = await Promise.all([
        memberCount(ctx.db, organization.id),
        walletCount(ctx.db, organization.id),
        operatesWallet(ctx.db, organization.id, user.id),
      ]);
      const space = presentSpace(organization, role, {
        member_count: members,
        wallet_count: wallets,
        is_operator: operator,
      });
      return reply.ok({ ...space, org_user_name: user.nickname });
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
    async (request, reply) => {
      const { organization, member } = requireSpace(request);
      const { user } = requireUser(request);
      const body = request.body;
      if (body.enable_testnet === false && isTrialSpace(organization.type))
        throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
      const changes = {
        ...(body.enable_approve_mfa !== undefined ? { is_open_approve: body.enable_approve_mfa } : {}),
        ...(body.enable_testnet !== undefined ? { is_open_testnet: body.enable_testnet } : {}),
        ...(body.enable_dapp !== undefined ? { is_open_dapp: body.enable_dapp } : {}),
      };
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('organizations')
          .set({ ...changes, updated_at: new Date() })
          .where('id', '=', organization.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'organization',
          operation: 'settings',
          ip: request.ip,
          content: body,
        });
        return row;
      });
      return reply.ok(
        presentSpace(updated, member.role, {
          member_count: await memberCount(ctx.db, organization.id),
          wallet_count: 0,
        }),
      );
    },
  );

  app.post(
    '/organization/environment-scan',
    {
      config: { access: inSpace('space.settings') },
      schema: { response: replies(environmentScanReply), tags, summary: 'Scan the space for risky settings' },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { user } = requireUser(request);
      const findings = await scanEnvironment(ctx.db, organization);
      const state = findings.length === 0 ? 'secure' : 'error';
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('organizations')
          .set({ environment_scan: state, updated_at: new Date() })
          .where('id', '=', organization.id)
          .execute();
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'organization',
          operation: 'environment_scan',
          ip: request.ip,
          content: { state, findings: findings.map((f) => f.code) },
        });
      });
      return reply.ok({ environment_scan: state, findings });
    },
  );
}
