import { describe, expect, it } from 'vitest';
import type { Member } from '../../api/types';
import { invitableRoles, memberPermissions } from './member-rules';

const member = (patch: Partial<Member>): Member => ({
  member_id: 1,
  user_id: 20,
  nickname: 'x',
  email: 'x@example.com',
  role: 0,
  status: 'joined',
  join_time: null,
  invited_at: '2026-01-01T00:00:00Z',
  permissions: [],
  risk_tags: [],
  ...patch,
});
const creator = { role: 1, userId: 10 };
const admin = { role: 2, userId: 11 };

describe('member actions a user is offered (§6)', () => {
  it('nobody acts on the creator or on themselves', () => {
    expect(memberPermissions(creator, member({ role: 1, user_id: 99 })).remove).toBe(false);
    expect(memberPermissions(admin, member({ user_id: 11, role: 2 })).block).toBe(false);
    expect(memberPermissions(creator, member({ user_id: 10, role: 1 })).changeRole).toBe(false);
  });

  it('only the creator manages admins and gives the admin role', () => {
    expect(memberPermissions(admin, member({ role: 2 })).block).toBe(false);
    expect(memberPermissions(creator, member({ role: 2 })).block).toBe(true);
    expect(memberPermissions(admin, member({})).roles).toEqual([0, 7]);
    expect(memberPermissions(creator, member({})).roles).toEqual([2, 0, 7]);
    expect(invitableRoles(1)).toContain(2);
    expect(invitableRoles(2)).not.toContain(2);
  });

  it('pending and expired invitations are resent or withdrawn; joined blocked; blocked unblocked', () => {
    expect(memberPermissions(admin, member({ status: 'pending', user_id: null }))).toMatchObject({
      reinvite: true,
      remove: true,
      block: false,
      changeRole: false,
    });
    expect(memberPermissions(admin, member({ status: 'expired' })).reinvite).toBe(true);
    expect(memberPermissions(admin, member({ status: 'joined' }))).toMatchObject({
      block: true,
      unblock: false,
    });
    expect(memberPermissions(admin, member({ status: 'blocked' }))).toMatchObject({
      block: false,
      unblock: true,
    });
  });

  it('members and users get no actions at all', () => {
    expect(Object.values(memberPermissions({ role: 0, userId: 5 }, member({}))).some((v) => v === true)).toBe(
      false,
    );
    expect(memberPermissions({ role: 7, userId: 5 }, member({})).roles).toEqual([]);
  });
});
