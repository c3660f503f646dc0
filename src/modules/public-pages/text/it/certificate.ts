import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificateText as english } from '../certificate.text.js';

/** A certificate's public page in Italian (the English source is ../certificate.text.ts). */
export const certificateText: Translation<typeof english> = {
  certificate: {
    statuses: {
      issued: {
        word: 'Emesso',
        meaning: 'Questo certificato è valido: è stato emesso e non è né sospeso né revocato.',
      },
      suspended: {
        word: 'Sospeso',
        meaning:
          'Questo certificato non è valido finché resta sospeso: l’emittente lo sta riesaminando. Non vi faccia affidamento finché non sarà ripristinato.',
      },
      revoked: {
        word: 'Revocato',
        meaning:
          'Questo certificato non è valido: l’emittente lo ha ritirato definitivamente. Non vi faccia affidamento.',
      },
      notIssued: {
        word: 'Non emesso',
        meaning:
          'Con questo numero non è stato emesso alcun certificato. Non faccia affidamento su alcun documento che lo presenti come certificato.',
      },
    },
    status: 'Stato',
    pageTitle: '{status}: {title}',
    reported: '{kind, select, stolen {Segnalato come rubato} other {Segnalato come smarrito}}',
    alert: {
      reportedSince:
        'Il proprietario ha segnalato questo oggetto come {kind, select, stolen {rubato} other {smarrito}} in data {since} o successivamente. Non lo acquisti, non lo venda e non conceda prestiti a garanzia su di esso. Ogni consultazione di questa pagina viene registrata.',
      tellPoliceOrIssuer: 'Se lo ha visto o se Le viene offerto, avvisi la polizia o l’emittente.',
      mailSubject:
        'Certificato di un oggetto segnalato come {kind, select, stolen {rubato} other {smarrito}}',
      statusWord: 'Emesso, ma segnalato come {kind, select, stolen {rubato} other {smarrito}}',
      statusMeaning:
        'Il certificato è stato emesso ed è ancora valido, ma l’oggetto che descrive è segnalato come {kind, select, stolen {rubato} other {smarrito}}. Non faccia affidamento su questo certificato per acquistare o vendere l’oggetto, né per concedere prestiti a garanzia su di esso.',
    },
    eyebrow: 'Certificato di autenticità · {category}',
    number: 'Numero di certificato',
    category: 'Categoria',
    issuedOn: 'Emesso il',
    revokedOn: 'Revocato il',
    fieldLabels: {
      artist: 'Artista',
      medium: 'Tecnica',
      dimensions: 'Dimensioni',
      year: 'Anno',
      date_text: 'Data come indicata',
      edition: 'Tiratura',
      category: 'Genere',
      publisher: 'Editore',
      set_name: 'Serie',
      item_number: 'Numero articolo',
      subject: 'Soggetto',
      grader: 'Ente di valutazione',
      grade: 'Valutazione',
      brand: 'Marca',
      model: 'Modello',
      reference_number: 'Referenza',
      serial_number: 'Numero di serie',
      movement: 'Movimento',
      case_material: 'Materiale della cassa',
      case_diameter_mm: 'Diametro della cassa (mm)',
      lab: 'Laboratorio',
      report_number: 'Numero del rapporto',
      stone: 'Pietra',
      origin: 'Origine',
      shape: 'Forma',
      carat: 'Peso in carati',
      color: 'Colore',
      clarity: 'Purezza',
      metal: 'Metallo',
    },
    origins: { natural: 'Naturale', lab_grown: 'Creata in laboratorio' },
    photographOf: 'Fotografia di {title}',
    qrLabel: 'Codice QR dell’indirizzo di questa pagina',
    scanToOpen: 'Scansioni per aprire questa pagina:',
    checkLinks: 'Verificare questo certificato',
    credential: 'La credenziale firmata (JSON)',
    howToCheck: 'Come verificarlo in autonomia',
    statusAsOf: 'Stato al {when}.',
    notIssuedEyebrow: 'Verifica del certificato',
    notFound: {
      title: 'Certificato non trovato',
      noSuchNumber: 'Nessun certificato porta questo numero:',
      checkAgain: 'Controlli il numero e riprovi.',
    },
  },
};
