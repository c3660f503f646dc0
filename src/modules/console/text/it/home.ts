import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { homeText as english } from '../home.text.js';

/**
 * The console's home in Italian (the English source is ../home.text.ts). `role` is one sentence per role (ICU select),
 * the role's name wrapped in <strong>.
 */
export const homeText: Translation<typeof english> = {
  home: {
    role: '{role, select, owner {Lei è <strong>titolare</strong> di {account}: ha accesso a tutto ciò che è accessibile a un editor, oltre che ai membri, alle chiavi API e al registro di audit dell’account.} editor {Lei è <strong>editor</strong> di {account}: ha accesso a oggetti, immagini e documenti, segnalazioni, trasferimenti, lista di osservazione e webhook dell’account.} other {Lei è <strong>lettore</strong> di {account}: può consultare i dati dell’account.}}',
    links: {
      members: ['Membri', 'invitare persone, cambiare ruoli, disattivare accessi'],
      keys: ['Chiavi API', 'creare e revocare le chiavi dell’account'],
      audit: ['Registro di audit', 'chi ha modificato membri, inviti e chiavi'],
      account: ['Il Suo account', 'password, passkey, disconnessione da tutti i dispositivi'],
    },
    glanceHeading: 'In sintesi',
    counts: {
      pending: 'certificati in attesa',
      issued: 'certificati emessi',
      openAlerts: 'segnalazioni di furto o smarrimento aperte',
      offersWaiting: 'offerte di trasferimento in attesa della Sua risposta',
      webhookFailures: 'invii webhook non riusciti negli ultimi {days} giorni',
    },
    byPlanetHeading: 'Per categoria',
    byPlanetCaption: 'Certificati e segnalazioni aperte di ogni categoria in cui l’account ha oggetti',
    planetColumn: 'Categoria',
    pendingColumn: 'In attesa',
    issuedColumn: 'Emessi',
    alertsColumn: 'Segnalazioni aperte',
    noAssets: 'L’account non ha ancora oggetti.',
    openAlertsHeading: 'Segnalazioni aperte',
    noOpenAlerts: 'Nessun oggetto dell’account è segnalato come rubato o smarrito.',
    openAlertsShown: 'Le {shown} più recenti su {total}.',
    alertColumns: { asset: 'Oggetto', number: 'Numero di certificato', kind: 'Segnalato come', since: 'Dal' },
    chartsHeading: 'Gli ultimi {days} giorni',
    chartsIntro:
      'I giorni sono in UTC. I valori di ogni grafico sono riportati anche in una tabella sottostante.',
    created: {
      title: 'Certificati creati al giorno',
      description:
        'Una barra per ogni giorno del periodo: quanti oggetti, ciascuno con il proprio numero di certificato, l’account ha creato quel giorno.',
      tableSummary: 'I valori in tabella',
      caption: 'Certificati creati al giorno',
      labelHeader: 'Giorno (UTC)',
      valueHeader: 'Certificati creati',
    },
    verified: {
      title: 'Verifiche al giorno',
      description:
        'Una barra per ogni giorno del periodo: quante volte gli oggetti dell’account sono stati verificati quel giorno.',
      tableSummary: 'I valori in tabella',
      caption: 'Verifiche degli oggetti dell’account al giorno',
      labelHeader: 'Giorno (UTC)',
      valueHeader: 'Verifiche',
    },
    daySummary: '{total} in tutto; il massimo il {day} ({count}).',
    dayTotal: '{total} in tutto.',
    outcomes: {
      title: 'Verifiche per esito',
      description:
        'Una barra per ogni esito delle verifiche degli oggetti dell’account: verificato, oppure il primo controllo non superato. Gli esiti negativi sono tratteggiati.',
      tableSummary: 'I valori in tabella',
      caption: 'Verifiche per esito',
      labelHeader: 'Esito',
      valueHeader: 'Verifiche',
      none: 'Nessuna verifica degli oggetti dell’account in questo periodo.',
      names: {
        verified: 'Verificato',
        certificate_issued: 'Certificato non emesso',
        asset_not_archived: 'Oggetto archiviato',
        history_intact: 'Cronologia non integra',
        history_logged: 'Cronologia assente dal registro di trasparenza',
        no_open_alert: 'Segnalazione aperta',
        not_verified: 'Non verificato',
      },
    },
    deliveries: {
      title: 'Esito degli invii webhook',
      description:
        'Barre per gli invii webhook dell’account nel periodo: riusciti, non riusciti (tratteggiati) e ancora in attesa.',
      tableSummary: 'I valori in tabella',
      caption: 'Invii webhook per stato',
      labelHeader: 'Stato',
      valueHeader: 'Invii',
      succeeded: 'Riusciti',
      failed: 'Non riusciti',
      pending: 'In attesa',
      none: 'Nessun invio webhook in questo periodo.',
      rate: '{percent}% dei {finished} invii conclusi è riuscito.',
      noneFinished: 'Nessun invio si è ancora concluso.',
    },
    share: '{count} ({percent}%)',
  },
};
