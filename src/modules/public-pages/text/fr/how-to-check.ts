import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { howToCheckText as english } from '../how-to-check.text.js';

/** "How to check a certificate yourself" in French (the English source is ../how-to-check.text.ts). */
export const howToCheckText: Translation<typeof english> = {
  howToCheck: {
    title: 'Vérifier un certificat par vous-même',
    intro:
      'Vous n’avez pas à faire confiance à cette page. Chaque certificat émis est aussi une attestation vérifiable W3C (Verifiable Credential) signée par l’émetteur, que chacun peut vérifier avec des outils standard, sans compte.',
    fetch:
      '<strong>Récupérez l’attestation.</strong> Sur la page du certificat, suivez le lien « {link} » et enregistrez le fichier, ou récupérez-le par son numéro :',
    verify:
      '<strong>Vérifiez sa signature et son statut</strong> avec tout vérificateur de preuves Data Integrity prenant en charge la suite cryptographique {cryptosuite}, ou avec l’outil en ligne de commande de ce service :',
    issuerKeys:
      'L’émetteur est {did} ; ses clés sont publiées dans son document DID, à l’adresse {document}.',
    answers:
      '<strong>Lisez la réponse.</strong> {valid} : signé par l’émetteur, ni suspendu ni révoqué. {suspended} ou {revoked} : la liste de statuts de l’émetteur l’indique. {invalid} : le document a été modifié ou n’a pas été signé par l’émetteur. {unchecked} : les clés ou les listes de statuts de l’émetteur n’ont pas pu être récupérées ; rien n’a donc été prouvé, dans un sens comme dans l’autre.',
  },
};
