import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/error-catalogue.js';
import { roleReaches } from '../../members/member-roles.js';
import { commitChange } from '../../../plugins/commit-change.js';
import {
  getAccountProfile,
  prepareLogo,
  profileProblems,
  saveAccountProfile,
  type LogoChange,
  type ProfileInput,
  type ProfileProblem,
} from '../../accounts/account-profiles.service.js';
import { forgetOrphanBytes } from '../../media/media.service.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { memberSession } from '../shell/console-auth.js';
import { redirectWithFlash, sendConsolePage, pageRoute } from '../shell/console-page.helpers.js';
import { readMultipartForm, uploadRoute, uploadRoutes } from '../shell/console-uploads.js';
import { text } from '../text/index.js';
import { profilePage, type ProfileErrors } from './profile-page.views.js';

const words = text.profile;

/** A refused field in people's words, beside it on the page. */
function problemWords(problem: ProfileProblem): string {
  switch (problem.kind) {
    case 'too_long':
      return words.problems.tooLong(problem.max);
    case 'unstorable':
      return words.problems.unstorable;
    case 'not_https':
      return words.problems.notHttps;
    case 'not_email':
      return words.problems.notEmail;
  }
}

/** Why a logo was refused, in people's words; anything but the media rules' refusals is no form's business. */
function logoWords(error: unknown, maxMegabytes: number): string {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'unsupported_media_type') return words.problems.logoType;
  if (error.code === 'payload_too_large') return words.problems.logoTooLarge(maxMegabytes);
  if (error.code === 'invalid_media') return words.problems.logoUnreadable;
  throw error;
}

interface PageAnswer {
  values?: ProfileInput;
  errors?: ProfileErrors;
  flash?: Flash;
  status?: number;
}

/** /console/profile: the gallery's public profile (docs/members.md, "The gallery's profile"), the owner's to change. */
export async function profilePageRoutes(app: FastifyInstance): Promise<void> {
  const maxFileBytes = app.config.AVS_MEDIA_MAX_BYTES;
  const maxMegabytes = Math.max(1, Math.round(maxFileBytes / (1024 * 1024)));

  async function showPage(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer = {}) {
    const profile = await getAccountProfile(app.db, memberSession(request).accountId);
    const { flash, status, ...form } = answer;
    return sendConsolePage(
      request,
      reply,
      (frame) => profilePage({ ...frame, ...form, profile, maxMegabytes }),
      { ...(flash ? { flash } : {}), ...(status ? { status } : {}) },
    );
  }
  const notSaved = (errors: ProfileErrors, status: number, values?: ProfileInput): PageAnswer => ({
    values,
    errors,
    status,
    flash: { kind: 'error', message: words.notSaved },
  });

  app.get('/profile', pageRoute('owner'), async (request, reply) => showPage(request, reply));

  await uploadRoutes(app, (uploads) => {
    uploads.post('/profile', uploadRoute('owner', maxFileBytes), async (request, reply) => {
      let form: Awaited<ReturnType<typeof readMultipartForm>>;
      try {
        form = await readMultipartForm(request, { maxFiles: 1, maxFileBytes });
      } catch (error) {
        if (error instanceof AppError && error.code === 'payload_too_large')
          return showPage(request, reply, notSaved({ logo: logoWords(error, maxMegabytes) }, 413));
        throw error;
      }
      const values: ProfileInput = {
        displayName: form.fields.display_name ?? '',
        city: form.fields.city ?? '',
        country: form.fields.country ?? '',
        website: form.fields.website ?? '',
        contactEmail: form.fields.contact_email ?? '',
        showInventoryNumber: form.fields.show_inventory_number === 'yes',
        findableByPhoto: form.fields.findable_by_photo === 'yes',
      };
      const errors: ProfileErrors = Object.fromEntries(
        profileProblems(values).map((problem) => [problem.field, problemWords(problem)]),
      );
      let logo: LogoChange = form.fields.remove_logo === 'yes' ? { kind: 'remove' } : { kind: 'keep' };
      const file = form.files[0];
      if (file) {
        try {
          logo = { kind: 'replace', image: await prepareLogo(file.bytes, app.imageDecoder) };
        } catch (error) {
          errors.logo = logoWords(error, maxMegabytes);
        }
      }
      if (Object.keys(errors).length > 0) return showPage(request, reply, notSaved(errors, 400, values));
      const session = memberSession(request);
      const change = {
        accountId: session.accountId,
        memberId: session.memberId,
        isOwner: roleReaches(session.role, 'owner'),
      };
      const { orphan } = await commitChange(request, 200, (tx) =>
        saveAccountProfile(tx, app.mediaStores, change, values, logo),
      );
      await forgetOrphanBytes(app.mediaStores, orphan);
      return redirectWithFlash(request, reply, '/console/profile', {
        kind: 'notice',
        message: words.saved,
      });
    });
  });
}
