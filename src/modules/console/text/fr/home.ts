import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { homeText as english } from '../home.text.js';

/**
 * The console's home in French (the English source is ../home.text.ts). `role` is one sentence per role (ICU select),
 * the role's name wrapped in <strong>.
 */
export const homeText: Translation<typeof english> = {
  home: {
    role: '{role, select, owner {Vous êtes <strong>propriétaire</strong> de {account} : vous avez accès à tout ce qui est ouvert à un éditeur, ainsi qu’aux membres, aux clés d’API et au journal d’audit du compte.} editor {Vous êtes <strong>éditeur</strong> de {account} : vous avez accès aux objets, images et documents, signalements, transferts, à la liste de suivi et aux webhooks du compte.} other {Vous êtes <strong>lecteur</strong> de {account} : vous pouvez consulter les données du compte.}}',
    links: {
      members: ['Membres', 'inviter des personnes, changer les rôles, désactiver un accès'],
      keys: ['Clés d’API', 'créer et révoquer les clés du compte'],
      audit: ['Journal d’audit', 'qui a modifié les membres, les invitations et les clés'],
      account: ['Votre compte', 'mot de passe, clés d’accès, déconnexion de tous les appareils'],
    },
    glanceHeading: 'En un coup d’œil',
    counts: {
      pending: 'certificats en attente',
      issued: 'certificats émis',
      openAlerts: 'signalements de vol ou de perte en cours',
      offersWaiting: 'offres de transfert en attente de votre réponse',
      webhookFailures: 'envois de webhook en échec ces {days} derniers jours',
    },
    byPlanetHeading: 'Par catégorie',
    byPlanetCaption: 'Certificats et signalements en cours de chaque catégorie où le compte a des objets',
    planetColumn: 'Catégorie',
    pendingColumn: 'En attente',
    issuedColumn: 'Émis',
    alertsColumn: 'Signalements en cours',
    noAssets: 'Le compte n’a encore aucun objet.',
    openAlertsHeading: 'Signalements en cours',
    noOpenAlerts: 'Aucun objet du compte n’est signalé volé ou perdu.',
    openAlertsShown: 'Les {shown} plus récents sur {total}.',
    alertColumns: {
      asset: 'Objet',
      number: 'Numéro de certificat',
      kind: 'Signalé comme',
      since: 'Depuis le',
    },
    chartsHeading: 'Les {days} derniers jours',
    chartsIntro:
      'Les jours sont comptés en temps universel (UTC). Les chiffres de chaque graphique figurent aussi dans un tableau en dessous.',
    created: {
      title: 'Certificats créés par jour',
      description:
        'Une barre par jour de la période : le nombre d’objets, chacun avec son numéro de certificat, que le compte a créés ce jour-là.',
      tableSummary: 'Les chiffres sous forme de tableau',
      caption: 'Certificats créés par jour',
      labelHeader: 'Jour (UTC)',
      valueHeader: 'Certificats créés',
    },
    verified: {
      title: 'Vérifications par jour',
      description:
        'Une barre par jour de la période : le nombre de fois où les objets du compte ont été vérifiés ce jour-là.',
      tableSummary: 'Les chiffres sous forme de tableau',
      caption: 'Vérifications des objets du compte par jour',
      labelHeader: 'Jour (UTC)',
      valueHeader: 'Vérifications',
    },
    daySummary: '{total} au total ; le plus grand nombre le {day} ({count}).',
    dayTotal: '{total} au total.',
    outcomes: {
      title: 'Vérifications par résultat',
      description:
        'Une barre par résultat des vérifications des objets du compte : vérifié, ou le premier contrôle qui a échoué. Les échecs sont hachurés.',
      tableSummary: 'Les chiffres sous forme de tableau',
      caption: 'Vérifications par résultat',
      labelHeader: 'Résultat',
      valueHeader: 'Vérifications',
      none: 'Aucune vérification des objets du compte sur cette période.',
      names: {
        verified: 'Vérifié',
        certificate_issued: 'Certificat non émis',
        asset_not_archived: 'Objet archivé',
        history_intact: 'Historique altéré',
        history_logged: 'Historique absent du journal de transparence',
        no_open_alert: 'Signalement en cours',
        not_verified: 'Non vérifié',
      },
    },
    deliveries: {
      title: 'Réussite des envois de webhook',
      description:
        'Les envois de webhook du compte sur la période : réussis, en échec (hachurés) et encore en attente.',
      tableSummary: 'Les chiffres sous forme de tableau',
      caption: 'Envois de webhook par statut',
      labelHeader: 'Statut',
      valueHeader: 'Envois',
      succeeded: 'Réussis',
      failed: 'En échec',
      pending: 'En attente',
      none: 'Aucun envoi de webhook sur cette période.',
      rate: '{percent} % des {finished} envois terminés ont réussi.',
      noneFinished: 'Aucun envoi n’est encore terminé.',
    },
    share: '{count} ({percent} %)',
  },
};
