import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { developersText as english } from '../developers.text.js';

/** The developers' corner in French (the English source is ../developers.text.ts). */
export const developersText: Translation<typeof english> = {
  developers: {
    title: 'Développeurs',
    intro: 'Ce dont un développeur du compte a besoin pour relier ses systèmes au service.',
    partsHeading: 'Rubriques',
    keysLink: 'Clés d’API',
    keysWhat:
      'créer une clé pour certaines catégories d’objets ou pour toutes, avec une date d’expiration ; une clé n’est affichée qu’une fois ; révoquer les clés',
    keysOwnerOnly: 'Les clés d’API sont créées par un propriétaire du compte : demandez-lui une clé.',
    webhooksLink: 'Webhooks',
    webhooksWhat:
      'les points de terminaison qui reçoivent les événements du compte, leur journal d’envois, les renvois et les événements de test',
    eventsLink: 'Flux d’événements',
    eventsWhat: 'tous les événements du compte, tels que les webhooks les transmettent',
    sdkLink: 'SDK',
    sdkWhat: 'installer le SDK TypeScript et appeler le service pour ce compte',
    apiDocs: 'La référence de l’API',
    apiDocsWhat: 'toutes les opérations, dans le document OpenAPI',
    pagesLabel: 'Pages',
    newer: 'Les plus récents',
    older: 'Plus anciens',
    none: '—',
  },
  webhooks: {
    title: 'Webhooks',
    intro:
      'Un webhook reçoit les événements du compte sous forme de requêtes HTTPS POST signées (Standard Webhooks). Les éditeurs et les propriétaires les enregistrent et les désactivent ; les lecteurs les consultent.',
    listHeading: 'Points de terminaison',
    empty: 'Le compte n’a encore aucun webhook.',
    caption: 'Webhooks du compte, les plus récents en premier',
    columns: {
      url: 'URL',
      events: 'Événements',
      status: 'Statut',
      created: 'Enregistré le',
      disabled: 'Désactivé le',
      actions: 'Actions',
    },
    logLink: 'Journal d’envois<hidden> de {url}</hidden>',
    disableLink: 'Désactiver<hidden> le webhook {url}</hidden>',
    registerHeading: 'Enregistrer un webhook',
    urlLabel: 'URL',
    urlHint: 'HTTPS ; localhost et les adresses privées sont refusés.',
    eventsLegend: 'Événements',
    eventsHint:
      'Les cinq premiers sont envoyés par défaut ; les événements de signalement et de liste de suivi ne sont envoyés qu’aux webhooks qui les demandent.',
    optIn: '(sur demande)',
    registerButton: 'Enregistrer le webhook',
    createdHeading: 'Webhook enregistré',
    secretWarning:
      'Copiez ce secret de signature maintenant. Il ne sera plus affiché : les destinataires vérifient avec lui la signature de chaque envoi.',
    secretLabel: 'Secret de signature',
    disableTitle: 'Désactiver le webhook',
    disableQuestion:
      'Désactiver le webhook {url} ? Il cesse aussitôt de recevoir des événements ; son journal d’envois reste consultable. Cette action est définitive.',
    disableButton: 'Désactiver le webhook',
    cancel: 'Annuler',
    disabled: 'Webhook {url} désactivé.',
    backToList: 'Tous les webhooks',
  },
  deliveries: {
    title: 'Journal d’envois',
    detailsHeading: 'Webhook',
    url: 'URL',
    status: 'Statut',
    events: 'Événements',
    created: 'Enregistré le',
    heading: 'Envois',
    intro:
      'Chaque événement en route vers ce point de terminaison, le plus récent en premier : son statut, les tentatives effectuées et la dernière réponse du destinataire.',
    empty: 'Rien n’a encore été envoyé à ce webhook.',
    caption: 'Envois du webhook, les plus récents en premier',
    filterLabel: 'Filtrer les envois',
    filterStatus: 'Statut',
    filterAll: 'Tous les statuts',
    filterButton: 'Afficher',
    columns: {
      created: 'Créé le',
      event: 'Événement',
      status: 'Statut',
      attempts: 'Tentatives',
      code: 'Code de réponse',
      answer: 'Dernière réponse',
      lastAttempt: 'Dernière tentative',
      nextAttempt: 'Prochaine tentative',
      actions: 'Actions',
    },
    replayButton: 'Renvoyer<hidden> l’envoi de {eventType}</hidden>',
    replayed: 'Envoi relancé : une nouvelle tentative est prévue dès maintenant.',
    testHeading: 'Envoyer un événement de test',
    testIntro:
      'Met en file d’attente un événement webhook.test pour ce seul point de terminaison, quels que soient les événements auxquels il est abonné, afin de vérifier que le destinataire répond.',
    testButton: 'Envoyer l’événement de test',
    testQueued: 'Événement de test en file d’attente : il apparaît dans le journal ci-dessous.',
    inactive:
      'Ce webhook est désactivé : il ne reçoit plus rien, et ses envois ne peuvent pas être relancés.',
  },
  events: {
    title: 'Flux d’événements',
    intro:
      'Les événements du compte, les plus récents en premier, exactement tels que les webhooks les transmettent, qu’un webhook soit enregistré ou non. Les clés lisent le même flux sur GET /api/v1/events.',
    empty: 'Aucun événement sur la période de conservation.',
    caption: 'Événements du compte, les plus récents en premier',
    filterLabel: 'Filtrer les événements',
    filterType: 'Type',
    filterAll: 'Tous les types',
    filterButton: 'Afficher',
    columns: { at: 'Date', type: 'Type', id: 'Identifiant de l’événement', data: 'Données' },
    showData: 'Afficher les données',
  },
  sdk: {
    title: 'SDK',
    intro:
      'Le SDK TypeScript (@avs/sdk, Node 20 ou ultérieur) est un client typé de l’API : nouvelles tentatives avec clés d’idempotence, erreurs typées, signatures de webhook et vérificateur d’attestations hors ligne.',
    installHeading: 'Installation',
    installText: 'Le SDK est le dossier sdk/ du dépôt du service, un paquet npm nommé @avs/sdk.',
    buildText: 'Compilez-le dans le dépôt :',
    addText: 'Ajoutez-le ensuite à votre projet :',
    callHeading: 'Appeler le service',
    callText:
      'Ce bloc appelle le service à son adresse publique au nom de {accountName}. La clé est à renseigner par vos soins : définissez AVS_API_KEY dans l’environnement, jamais dans le code.',
    keyOwner: 'Créez une clé sur la page Clés d’API.',
    keyOther: 'Les clés sont créées par un propriétaire du compte : demandez-lui une clé.',
    webhookHeading: 'Vérifier la signature d’un webhook',
    webhookText:
      'Un destinataire vérifie chaque envoi avec le secret de signature affiché lors de l’enregistrement du webhook, sur le corps exactement tel que reçu (rawBody, avant toute analyse JSON) :',
    moreText:
      'Tout ce que le SDK sait faire d’autre est décrit dans son README (sdk/README.md) et dans docs/sdk.md.',
    snippetLabel: 'Code : {what}',
  },
};
