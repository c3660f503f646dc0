import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NoticeJobs } from './notice-fanout.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notices' fan-out, digests and daily summary, run in each pass of the mail worker (docs/mail.md). */
    notices: NoticeJobs;
  }
}

/** Adds the notices to the mail worker's passes: they run wherever it runs, woken by the same writes. */
export const noticesPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = new NoticeJobs(app.db, app.config);
    app.decorate('notices', jobs);
    app.mailWorker.addPassStep(() => jobs.pass());
  },
  { name: 'notices', dependencies: ['mail'] },
);
