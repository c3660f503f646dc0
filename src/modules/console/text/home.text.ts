/** The words of the console's home: the role, the counts and the charts (English; one place to translate). */
export const homeText = {
  home: {
    youAre: 'You are',
    of: 'of',
    reachIntro: 'you can reach',
    reach: {
      owner: 'everything an editor can, and the account’s members, API keys and audit log',
      editor: 'the account’s assets, media, alerts, transfers, watch-list and webhooks',
      viewer: 'the account’s records, to read',
    },
    links: {
      members: ['Members', 'invite people, change roles, disable'],
      keys: ['API keys', 'create and revoke the account’s keys'],
      audit: ['Audit log', 'who changed members, invitations and keys'],
      account: ['Your account', 'password, passkeys, sign out everywhere'],
    },
    glanceHeading: 'At a glance',
    counts: {
      pending: 'certificates pending',
      issued: 'certificates issued',
      openAlerts: 'open stolen or lost alerts',
      offersWaiting: 'transfer offers waiting for you',
      webhookFailures: (days: number) => `webhook deliveries failed in ${days} days`,
    },
    byPlanetHeading: 'By planet',
    byPlanetCaption: 'Certificates and open alerts of each planet where the account has assets',
    planetColumn: 'Planet',
    pendingColumn: 'Pending',
    issuedColumn: 'Issued',
    alertsColumn: 'Open alerts',
    noAssets: 'The account has no assets yet.',
    openAlertsHeading: 'Open alerts',
    noOpenAlerts: 'No asset of the account is reported stolen or lost.',
    openAlertsShown: (shown: number, total: number) => `The latest ${shown} of ${total}.`,
    alertColumns: { asset: 'Asset', number: 'Certificate number', kind: 'Reported', since: 'Since' },
    chartsHeading: (days: number) => `The last ${days} days`,
    chartsIntro: 'Days are UTC. Each chart’s numbers are also in a table under it.',
    table: 'The numbers as a table',
    dayColumn: 'Day (UTC)',
    created: {
      title: 'Certificates created per day',
      description: (days: number) =>
        `A bar for each of the last ${days} days: how many assets, each with its certificate number, the account created that day.`,
      caption: 'Certificates created per day',
      valueHeader: 'Certificates created',
    },
    verified: {
      title: 'Verifications per day',
      description: (days: number) =>
        `A bar for each of the last ${days} days: how many times the account’s assets were verified that day.`,
      caption: 'Verifications of the account’s assets per day',
      valueHeader: 'Verifications',
    },
    daySummary: (total: number, peak: { day: string; count: number } | undefined) =>
      peak ? `${total} in all; most on ${peak.day} (${peak.count}).` : `${total} in all.`,
    outcomes: {
      title: 'Verifications by outcome',
      description:
        'A bar for each outcome of the verifications of the account’s assets: verified, or the first check that failed. Failures are hatched.',
      caption: 'Verifications by outcome',
      labelHeader: 'Outcome',
      valueHeader: 'Verifications',
      none: 'No verifications of the account’s assets in this period.',
      names: {
        verified: 'Verified',
        certificate_issued: 'Certificate not issued',
        asset_not_archived: 'Asset archived',
        history_intact: 'History not intact',
        history_logged: 'History not logged',
        no_open_alert: 'Alert open',
        not_verified: 'Not verified',
      } as Record<string, string>,
    },
    deliveries: {
      title: 'Webhook delivery success',
      description:
        'Bars for the account’s webhook deliveries of the period: succeeded, failed (hatched) and still pending.',
      caption: 'Webhook deliveries by status',
      labelHeader: 'Status',
      valueHeader: 'Deliveries',
      succeeded: 'Succeeded',
      failed: 'Failed',
      pending: 'Pending',
      none: 'No webhook deliveries in this period.',
      rate: (percent: number, finished: number) =>
        `${percent}% of ${finished} finished deliveries succeeded.`,
      noneFinished: 'No delivery has finished yet.',
    },
    share: (count: number, percent: number) => `${count} (${percent}%)`,
  },
} as const;
