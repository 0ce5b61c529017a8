import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { registerAccount } from '../lib/accounts';
import { dismissToasts, newPage, screenshot } from '../lib/browser';
import { makeFamilySpace } from '../lib/inheritance';
import { openPhone } from '../lib/mobile-phone';
import { modalClosed } from '../lib/motion';
import { ownServer } from '../lib/own-server';
import { readQrOf } from '../lib/qr-device';
import { setPlanDirectly } from '../lib/space-plan';
import { addMember, openInSpace } from '../lib/spaces';
import { waitFor, type Person } from '../lib/transfers';

const PIN = '246813';

interface Plan {
  plan: { status: string; heir_address: string | null } | null;
}

/**
 * Family inheritance answered on the companion phone signer (§1, §4): in a family space the
 * Safe's owner names a member heir (API); the heir pairs a phone and makes and verifies its key;
 * the phone lists the nomination; the heir's desktop shows "Answer on your phone", whose QR code
 * the phone's camera scans to open that nomination; a wrong PIN sends nothing; the heir accepts
 * with the PIN and the desktop card shows the plan accepted with the phone key's address. Then,
 * with the plan named again, the heir denies on the phone.
 */
describe('answering an inheritance on the phone', () => {
  const own = ownServer('mobile-inheritance', async (dataDir, team) => {
    await makeFamilySpace(dataDir, team.spaceId);
    // A paid plan: the free plan's five members are the team already.
    await setPlanDirectly(dataDir, team.spaceId, 'plus', new Date(Date.now() + 30 * 86_400_000));
  });
  let heir: Person;
  let ownerName: string;
  const closers: Array<() => Promise<void>> = [];
  const inheritance = (who: Person) =>
    who.session.call<Plan>('GET', `/api/v1/wallets/inheritance?wallet_id=${own.team.walletId}`);
  const nameHeir = () =>
    own.team.admin.session.call('POST', '/api/v1/wallets/inheritance', {
      wallet_id: own.team.walletId,
      action: 'open',
      heir_user_id: heir.userId,
    });

  beforeAll(async () => {
    const account = await registerAccount();
    await addMember(own.team.admin.session, account);
    const me = await account.session.call<{ user_id: number }>('GET', '/api/v1/user/base-info');
    heir = { ...account, userId: me.user_id };
    own.team.admin.session.space = own.team.spaceId;
    ownerName = (await own.team.admin.session.call<{ nickname: string }>('GET', '/api/v1/user/base-info'))
      .nickname;
    await nameHeir();
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => undefined);
  });

  async function openDesktop(): Promise<Page> {
    const { page } = await newPage(own.browser);
    await openInSpace(
      page,
      heir.session,
      own.team.spaceId,
      `/wallet/detail/${own.team.walletId}?tab=recovery`,
    );
    await page.getByTestId('inheritance-card').waitFor();
    return page;
  }

  it('the phone scans the desktop QR, a wrong PIN sends nothing, the PIN accepts with the phone key', async () => {
    // The heir's desktop: an open plan offers "Answer on your phone" with the nomination's QR.
    const desktop = await openDesktop();
    await expect
      .poll(() => desktop.getByTestId('inheritance-status').innerText())
      .toBe('Waiting for the heir');
    await desktop.getByTestId('inheritance-on-phone').click();
    const qr = desktop.getByTestId('inheritance-on-phone-qr');
    await qr.waitFor();
    const link = await waitFor(
      'the nomination QR code read by zbar',
      () => readQrOf(qr),
      (text) => text !== null,
      10_000,
    );
    expect(link).toMatch(new RegExp(`/mobile#inherit=${own.team.spaceId}:${own.team.walletId}$`));
    await screenshot(desktop, 'mobile-inheritance-desktop-qr');
    await desktop.keyboard.press('Escape');
    await modalClosed(desktop);

    // The phone (its camera shows that QR code) pairs by the desktop's code link and makes its key.
    const phoneSide = await openPhone(link!);
    closers.push(phoneSide.close);
    const phone = phoneSide.page;
    const pairing = await heir.session.call<{ code: string }>('POST', '/api/v1/mobile/pairing', {});
    await phone.goto(`/mobile#pair=${pairing.code.replace('-', '')}`);
    await phone.getByTestId('mobile-create-key').waitFor();
    await phone.getByTestId('mobile-key-name').fill('Heir phone');
    await phone.getByTestId('mobile-key-pin').fill(PIN);
    await phone.getByTestId('mobile-key-pin2').fill(PIN);
    await phone.getByTestId('mobile-key-create').click();
    await expect
      .poll(() => phone.getByTestId('mobile-key-status').innerText(), { timeout: 20_000 })
      .toBe('Verified');
    const address = (await phone.getByTestId('mobile-key-address').innerText()).trim();

    // The phone lists the nomination: wallet, space, owner, status, and the key it would accept with.
    const card = phone.locator(`[data-testid="mobile-nomination"][data-wallet-id="${own.team.walletId}"]`);
    await card.waitFor();
    expect(await card.getByTestId('mobile-nomination-wallet').innerText()).toBe('Ops Safe');
    expect(await card.innerText()).toContain('Transfer desk');
    expect(await card.innerText()).toContain(`Named by ${ownerName}, the owner`);
    expect(await card.getByTestId('mobile-nomination-status').innerText()).toBe('Waiting for your answer');
    expect(await card.getByTestId('mobile-nomination-key').innerText()).toBe(address);
    expect(await card.getAttribute('data-focused')).toBe('false');

    // Scan: the camera reads the desktop's QR code and the nomination is shown highlighted.
    await phone.getByTestId('mobile-task-scan').click();
    await expect.poll(() => card.getAttribute('data-focused'), { timeout: 20_000 }).toBe('true');
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone, 'mobile-inheritance-open');
    const axe = await new AxeBuilder({ page: phone as never })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    // A wrong PIN opens nothing and sends nothing.
    await card.getByTestId('mobile-nomination-accept').click();
    await phone.getByTestId('mobile-pin').fill('000000');
    await phone.getByTestId('mobile-pin-submit').click();
    await expect.poll(() => phone.getByTestId('mobile-pin-problem').innerText()).toContain('Wrong PIN');
    await screenshot(phone, 'mobile-inheritance-wrong-pin');
    expect((await inheritance(heir)).plan).toMatchObject({ status: 'open', heir_address: null });

    // The PIN accepts with the phone's key; the list is read again.
    await phone.getByTestId('mobile-pin').fill(PIN);
    await phone.getByTestId('mobile-pin-submit').click();
    await phone.getByTestId('mobile-pin').waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('mobile-nomination-status').innerText()).toBe('Accepted');
    expect(await card.getByTestId('mobile-nomination-address').innerText()).toBe(address);
    expect(await card.getByTestId('mobile-nomination-next').innerText()).toContain(
      'The succession opens only after 90 days without the owner signing in',
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone, 'mobile-inheritance-accepted');
    const plan = (await inheritance(heir)).plan;
    expect(plan?.status).toBe('accepted');
    expect(plan?.heir_address?.toLowerCase()).toBe(address.toLowerCase());

    // The desktop card shows it accepted with the phone key's address, no longer offering the QR.
    await desktop.reload();
    await expect.poll(() => desktop.getByTestId('inheritance-status').innerText()).toBe('Accepted');
    expect((await desktop.getByTestId('inheritance-heir-address').innerText()).toLowerCase()).toBe(
      address.toLowerCase(),
    );
    expect(await desktop.getByTestId('inheritance-on-phone').count()).toBe(0);
    await dismissToasts(desktop);
    await screenshot(desktop, 'mobile-inheritance-desktop-accepted');
    await desktop.context().close();

    // A link to a wallet without a nomination for this account says so.
    await phone.goto(`/mobile#inherit=${own.team.spaceId}:999999`);
    await phone.getByTestId('mobile-nomination-missing').waitFor();
    expect(await phone.getByTestId('mobile-nomination-missing').innerText()).toBe(
      'No nomination for this account on that wallet.',
    );
    expect(new URL(phone.url()).hash).toBe('');

    // Named again (the owner closes the plan and names the heir anew): the heir denies on the phone.
    await own.team.admin.session.call('POST', '/api/v1/wallets/inheritance', {
      wallet_id: own.team.walletId,
      action: 'close',
    });
    await nameHeir();
    await phone.reload();
    await expect
      .poll(() => card.getByTestId('mobile-nomination-status').innerText())
      .toBe('Waiting for your answer');
    await card.getByTestId('mobile-nomination-deny').click();
    await phone.getByTestId('mobile-nomination-deny-confirm').waitFor();
    await screenshot(phone, 'mobile-inheritance-deny');
    await phone.getByTestId('mobile-nomination-deny-confirm').click();
    await card.waitFor({ state: 'detached' });
    expect((await inheritance(heir)).plan?.status).toBe('denied');
  }, 180_000);
});
