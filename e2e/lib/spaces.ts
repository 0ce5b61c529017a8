import type { Page } from 'playwright-core';
import { bindAuthenticator, openSignedIn, registerAccount } from './accounts';
import { devJson, type ApiSession } from './api-session';

export interface SpaceReply {
  organization_id: number;
  name: string;
  role: number;
  edition: string;
}

/** A registered account with an authenticator (creating a space needs one). */
export async function registerCreator() {
  const account = await registerAccount();
  const mfa = await bindAuthenticator(account.session, account.email);
  return { ...account, ...mfa };
}

/** Creates a space through the API and enters it (the session then sends its organization-id). */
export async function createSpace(
  session: ApiSession,
  name: string,
  edition: 'experience' | 'formal' = 'formal',
): Promise<SpaceReply> {
  session.space = null;
  const space = await session.call<SpaceReply>('POST', '/api/v1/organization', { name, kind: 1, edition });
  await session.call('POST', '/api/v1/organization/enter', { organization_id: space.organization_id });
  session.space = space.organization_id;
  return space;
}

interface Mail {
  id: number;
  category: string;
  text_body: string;
}

/** The path (with token) of the newest invitation e-mailed to `email`. */
export async function invitationPath(email: string, seen: Set<number> = new Set()): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { list } = await devJson<{ list: Mail[] }>(`/dev/mailbox/json?to=${encodeURIComponent(email)}`);
    const mail = list.find((item) => item.category === 'invitation' && !seen.has(item.id));
    const link = mail?.text_body.match(/https?:\/\/\S+\/organization\/invite-confirm\?token=[^\s]+/)?.[0];
    if (link) {
      const url = new URL(link);
      return url.pathname + url.search;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No invitation e-mailed to ${email} within 15 s`);
}

/** Invites through the API and has the invitee (an existing account) join through the API. */
export async function addMember(
  owner: ApiSession,
  invitee: { email: string; session: ApiSession },
  role = 0,
) {
  await owner.call('POST', '/api/v1/organization/invite', { emails: invitee.email, role });
  const path = await invitationPath(invitee.email);
  const token = new URL(path, 'http://x').searchParams.get('token')!;
  invitee.session.space = null;
  const joined = await invitee.session.call<{ organization_id: number }>(
    'POST',
    '/api/v1/organization/join',
    { token },
  );
  invitee.session.space = joined.organization_id;
  return joined;
}

/** Opens `path` signed in, with `spaceId` selected in this tab (as entering it on /organization does). */
export async function openInSpace(
  page: Page,
  session: ApiSession,
  spaceId: number,
  path: string,
): Promise<void> {
  await openSignedIn(page, session, '/account');
  await page.evaluate((id) => sessionStorage.setItem('ks.organization', id), String(spaceId));
  await page.goto(path);
}

/** Every path the single-page app showed, in order (same-document navigations included). */
export function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}
