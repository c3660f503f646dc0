import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keyFormText as english } from '../key-form.text.js';

/** The API key forms and lists /admin and /console share in French (the English source is ../key-form.text.ts). */
export const keyFormText: Translation<typeof english> = {
  keyForm: {
    name: 'Nom',
    nameHint: 'À quoi sert la clé, par exemple « Site web de la galerie ».',
    scopeLegend: 'Catégories couvertes',
    scopeAll: 'Toutes les catégories',
    scopeChosen: 'Uniquement ces catégories :',
    expires: 'Expiration (UTC, facultative)',
    expiresHint: 'Laissez vide pour une clé sans date d’expiration.',
    secretWarning:
      '<strong>Copiez cette clé maintenant. Elle ne sera plus affichée.</strong> Seule son empreinte est conservée ; si elle est perdue, révoquez-la et créez-en une autre.',
    secretLabel: 'Clé d’API',
    copy: 'Copier la clé',
    columns: {
      prefix: 'Préfixe',
      name: 'Nom',
      scope: 'Catégories',
      status: 'Statut',
      created: 'Créée le',
      lastUsed: 'Dernière utilisation',
      expires: 'Expire le',
      actions: 'Actions',
    },
    statuses: {
      active: 'active',
      revoked: 'révoquée',
      expired: 'expirée',
    },
    revoke: 'Révoquer<hidden> la clé {prefix}</hidden>',
    revokeQuestion: 'Révoquer la clé {key} ?',
    revokeQuestionOf: 'Révoquer la clé {key} de <strong>{owner}</strong> ?',
    revokeWarning:
      'Toute requête faite avec cette clé sera refusée immédiatement. Cette action est irréversible.',
    revokeButton: 'Révoquer la clé',
    cancel: 'Annuler',
  },
};
