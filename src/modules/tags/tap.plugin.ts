import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { speakRequestLanguage } from '../../i18n/request-language.js';
import { acceptWeight } from '../../lib/accept.js';
import { sendJsonText } from '../../lib/signed-json.js';
import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import { publicPageHeaders } from '../public-pages/public-pages.plugin.js';
import { sendPage } from '../public-pages/public-pages.routes.js';
import { TAP_PATH } from './ndef-template.js';
import { tapView } from './tap-page.views.js';
import { TagKeyring, TagLookups, TapRecorder, tapTag } from './tap.service.js';
import { TapQuery, TapResponse } from './tags.schemas.js';
import { addVary } from '../../lib/vary.js';

/** JSON for a client that asks for it over HTML; a browser (and anything else) gets the page. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return acceptWeight(accept, 'application/json') > acceptWeight(accept, 'text/html');
}

/**
 * GET /t, the link an NFC tag makes at every tap (docs/tags.md): no key, rate limited per client address as /c is.
 * Every verdict answers 200, as the certificate's page with the verdict on top or, for `Accept: application/json`,
 * as JSON with a signed receipt; malformed parameters are 400 validation_failed, in the error body of docs/errors.md.
 */
export async function tapPlugin(parent: FastifyInstance): Promise<void> {
  const keyring = new TagKeyring(parent.db, parent.config.AVS_MASTER_KEY);
  const lookups = new TagLookups(parent.db);
  const recorder = new TapRecorder(parent.db);
  parent.addHook('onClose', () => recorder.drain());
  await parent.register(async (instance) => {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    app.addHook('onRequest', publicPageHeaders);
    speakRequestLanguage(app);
    app.addHook('onRequest', enforcePublicRateLimit);
    app.get(
      TAP_PATH,
      { schema: { hide: true, querystring: TapQuery, response: { 200: TapResponse } } },
      async (request, reply) => {
        const json = wantsJson(request);
        const answer = await tapTag(
          {
            db: app.db,
            reads: app.publicReads,
            config: app.config,
            keyring,
            lookups,
            recorder,
            signer: app.credentialSigner,
          },
          request.query,
          { clientAddress: request.ip, withReceipt: json },
        );
        // Every tap is new: no cache may answer one for another.
        void reply.header('cache-control', 'no-store');
        addVary(reply, 'Accept');
        if (answer.text !== undefined) return sendJsonText(reply, answer.text);
        return sendPage(
          reply,
          tapView({
            result: answer.result,
            page: answer.page,
            brand: app.serviceBrand,
            contactEmail: app.config.AVS_CONTACT_EMAIL,
          }),
        );
      },
    );
  });
}
