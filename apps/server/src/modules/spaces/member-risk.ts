import { RiskTag } from '@keystead/contract';
import type { Db } from '../../db/database';
import { groupBy } from '../../lib/group-by';

const DAY = 86_400_000;
const INACTIVE_DAYS = 30;
const FREQUENT_WINDOW_DAYS = 7;
const FREQUENT_DEVICES = 3;

/**
 * Risk tags 1, 2, 5 and 6 of §3, from each member's sign-ins. Tags 3 and 4 (long-term
 * unapproved / unsigned) need transfers and are added when transfers exist.
 */
export async function memberRiskTags(
  db: Db,
  userIds: number[],
  now = Date.now(),
): Promise<Map<number, number[]>> {
  const report = await memberRiskReport(db, userIds, now);
  return new Map([...report].map(([id, entry]) => [id, entry.tags]));
}

export interface MemberRisk {
  tags: number[];
  lastSeen: Date | null;
  recentDevices: number;
}

/** The tags with what they were read from: the last sign-in and the devices of the last 7 days. */
export async function memberRiskReport(
  db: Db,
  userIds: number[],
  now = Date.now(),
): Promise<Map<number, MemberRisk>> {
  const report = new Map<number, MemberRisk>(
    userIds.map((id) => [id, { tags: [], lastSeen: null, recentDevices: 0 }]),
  );
  if (userIds.length === 0) return report;
  const sessions = await db
    .selectFrom('sessions')
    .select(['user_id', 'device', 'activated_at', 'last_seen_at'])
    .where('user_id', 'in', userIds)
    .where('stage', '=', 'active')
    .orderBy('activated_at', 'desc')
    .execute();
  const byUser = groupBy(sessions, (row) => row.user_id);
  for (const userId of userIds) {
    const list = byUser.get(userId) ?? [];
    const entry = report.get(userId)!;
    const result = entry.tags;
    const lastSeen = Math.max(0, ...list.map((row) => row.last_seen_at.getTime()));
    entry.lastSeen = lastSeen > 0 ? new Date(lastSeen) : null;
    if (now - lastSeen > INACTIVE_DAYS * DAY) result.push(RiskTag.LongInactive);
    const [latest, previous] = list;
    if (latest && previous && latest.device !== previous.device) result.push(RiskTag.DeviceChange);
    if (latest && list.length > 1 && !list.slice(1).some((row) => row.device === latest.device))
      result.push(RiskTag.NewDeviceLogin);
    const recentDevices = new Set(
      list
        .filter((row) => (row.activated_at?.getTime() ?? 0) > now - FREQUENT_WINDOW_DAYS * DAY)
        .map((row) => row.device),
    );
    entry.recentDevices = recentDevices.size;
    if (recentDevices.size >= FREQUENT_DEVICES) result.push(RiskTag.FrequentDeviceChange);
  }
  return report;
}
