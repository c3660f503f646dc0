import type Mail from 'nodemailer/lib/mailer/index.js';

/** A message as a transport hands it on: the outbox row, with its sender and Message-ID. */
export interface OutgoingMail {
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  date: Date;
}

/** Where messages go: an SMTP server, or the local mailbox of the embedded default. */
export interface MailTransport {
  readonly name: 'smtp' | 'mailbox';
  /** Resolves with the server's answer ("250 2.0.0 Ok: queued as …"), or throws a MailSendError. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** A refused or failed hand-over: `permanent` (a 5xx answer) fails the message; anything else is tried again. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

/** The message as nodemailer writes it, whichever transport: the same bytes reach an SMTP server and the mailbox. */
export function nodemailerMessage(mail: OutgoingMail): Mail.Options {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    headers: mail.headers,
  };
}
