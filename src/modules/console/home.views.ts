import { html, type SafeHtml } from '../../lib/html.js';
import type { MemberSession } from '../members/member-sessions.service.js';
import { type ConsoleFrame, consolePage } from './console-layout.views.js';

const REACH: Record<MemberSession['role'], string> = {
  owner: 'everything an editor can, and the account’s members, API keys and audit log',
  editor: 'the account’s assets, media, alerts, transfers, watch-list and webhooks',
  viewer: 'the account’s records, to read',
};

/** The console's home: the account, your role and what it reaches (the console pages fill it further). */
export function homePage(options: ConsoleFrame): SafeHtml {
  const { session } = options;
  const links = [
    ...(session.role === 'owner'
      ? [
          html`<li><a href="/console/members">Members</a>: invite people, change roles, disable</li>`,
          html`<li><a href="/console/keys">API keys</a>: create and revoke the account’s keys</li>`,
          html`<li><a href="/console/audit">Audit log</a>: who changed members, invitations and keys</li>`,
        ]
      : []),
    html`<li><a href="/console/account">Your account</a>: password, passkeys, sign out everywhere</li>`,
  ];
  return consolePage({
    ...options,
    title: session.accountName,
    section: 'home',
    content: html`<p>
        You are <strong>${session.role}</strong> of ${session.accountName}: you can reach
        ${REACH[session.role]}.
      </p>
      <ul>
        ${links}
      </ul>`,
  });
}
