import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetText as english } from '../asset.text.js';

/** The operator’s page of one asset in French (the English source is ../asset.text.ts). */
export const assetText: Translation<typeof english> = {
  asset: {
    backToQueue: '← {category} : certificats au statut « {status} »',
    certificate: 'Certificat',
    number: 'Numéro',
    certificateStatus: 'Statut du certificat',
    assetStatus: 'Statut de l’objet',
    category: 'Catégorie',
    account: 'Compte',
    submitted: 'Soumis le',
    issued: 'Émis le',
    revoked: 'Révoqué le',
    reason: 'Motif',
    credential: 'Attestation',
    signedCredential: 'Attestation signée (JSON)',
    publicPage: 'Page publique du certificat',
    noCredential: 'aucune tant que le certificat n’est pas émis',
    certificateActions: 'Actions sur le certificat',
    fields: 'Champs',
    title: 'Titre',
    assetId: 'Identifiant de l’objet',
    media: 'Images et documents',
    history: 'Historique',
    events: '{count, plural, one {# événement} other {# événements}}',
    moreEvents: '{count, plural, one {#+ événements} other {#+ événements}}',
    verifications: 'Vérifications',
    alerts: 'Vol ou perte',
    lookups: 'Consultations pendant le signalement',
    noLookups: 'Aucune consultation enregistrée.',
    lookupColumns: {
      when: 'Date',
      lookup: 'Consultation',
      account: 'Compte',
      apiKey: 'Clé d’API',
      clientAddress: 'Adresse du client',
    },
    lookupKinds: {
      get: 'API : objet',
      certificate: 'API : certificat',
      credential: 'Attestation',
      verify: 'API : vérification',
      public_page: 'Page publique',
      tap: 'Lecture de la puce',
      photo: 'Recherche par photo',
    },
    exportLookups: 'Exporter les consultations au format CSV',
    reported:
      'Objet signalé {kind, select, stolen {volé} lost {perdu} other {{kind}}} : la vérification de {number} échoue désormais.',
    resolved:
      'Signalement clos ({outcome, select, recovered {retrouvé} withdrawn {signalement retiré} other {{outcome}}}).',
  },
};
