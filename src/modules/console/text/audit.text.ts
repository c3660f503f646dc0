import { msg, rich } from '../../../i18n/message.js';

/** The words of /console/audit: who changed the account's members, invitations and keys. */
export const auditText = {
  audit: {
    title: 'Audit log',
    intro: rich(
      'Who changed the account’s members, invitations and keys, newest first. Keys read the same log at {endpoint}.',
      'endpoint',
    ),
    empty: 'Nothing recorded yet.',
    caption: 'Audit log entries, newest first',
    columns: { when: 'When', who: 'Who', action: 'Action', target: 'Target' },
    pagesLabel: 'Audit log pages',
    older: 'Older entries',
    newest: 'Newest entries',
    actors: {
      member: 'a member',
      key: rich('key {prefix}', 'prefix'),
      anyKey: 'a key',
      operator: 'operator',
    },
    /** Each action by what happened, keyed by its stored name with `_` for `.` (which stays in the row's data-action). */
    actions: {
      member_invited: 'Member invited',
      member_joined: 'Member joined',
      member_role_changed: 'Role changed',
      member_disabled: 'Member disabled',
      member_enabled: 'Member enabled',
      invitation_revoked: 'Invitation revoked',
      api_key_created: 'API key created',
      api_key_revoked: 'API key revoked',
      password_changed: 'Password changed',
      password_reset: 'Password reset with a one-time link',
      recovery_link_created: 'Recovery link made by the operator',
      passkey_added: 'Passkey added',
      passkey_removed: 'Passkey removed',
      profile_updated: 'Gallery profile updated',
      import_uploaded: 'Spreadsheet import uploaded',
      import_media_uploaded: 'Images for a spreadsheet import uploaded',
      import_started: 'Spreadsheet import started',
      import_cancelled: 'Spreadsheet import cancelled',
      handover_created: 'Hand-over offered',
      handover_cancelled: 'Hand-over cancelled',
      consignment_accepted: 'Consignment accepted',
      consignment_declined: 'Consignment declined',
    },
    /** What an entry was about, part by part. */
    targets: {
      member: msg('member {name}', 'name'),
      invitation: msg('invitation {id}', 'id'),
      passkey: msg('passkey {id}', 'id'),
      person: msg('person {id}', 'id'),
      role: msg('role {role}', 'role'),
      from: msg('from {role}', 'role'),
      to: msg('to {role}', 'role'),
      name: msg('name “{name}”', 'name'),
      changed: msg('changed: {fields}', 'fields'),
      importId: msg('import {id}', 'id'),
      planet: msg('category {category}', 'category'),
      rows: msg('{count} rows', 'count'),
      files: msg('{count} files', 'count'),
      certificate: msg('certificate {number}', 'number'),
      consignee: msg('to {account}', 'account'),
      /** How an object was handed over. */
      handoverKinds: { claim: 'to a buyer', consignment: 'on consignment' },
      /** The gallery profile's fields, as "changed:" lists them. */
      profileFields: {
        display_name: 'name',
        city: 'city',
        country: 'country',
        website: 'website',
        contact_email: 'contact e-mail',
        logo: 'logo',
        show_inventory_number: 'inventory numbers on certificate pages',
      },
    },
  },
} as const;
