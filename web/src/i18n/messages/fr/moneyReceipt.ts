import type { moneyReceipt as english } from '../en/moneyReceipt.ts';

/** French for ../en/moneyReceipt.ts. */
export const moneyReceipt: Record<keyof typeof english, string> = {
  'money.receipt.loading': 'Chargement du reçu…',
  'money.receipt.notFound': 'Transaction introuvable',
  'money.receipt.notFoundMessage':
    'Cette transaction n’existe pas, ou vous n’êtes pas autorisé à la consulter.',
  'money.receipt.back': 'Retour à l’historique',
  'money.receipt.amountPending': 'Montant en {asset} en attente',
  'money.receipt.free': 'Gratuit',
  'money.receipt.unchanged': 'Inchangé',
  'money.receipt.eyebrow': 'Reçu',
  'money.receipt.print': 'Imprimer',
  'money.receipt.reference': 'Référence',
  'money.receipt.type': 'Type',
  'money.receipt.date': 'Date',
  'money.receipt.to': 'Destinataire',
  'money.receipt.from': 'Expéditeur',
  'money.receipt.amount': 'Montant',
  'money.receipt.pendingConfirmation': 'En attente de confirmation',
  'money.receipt.notCredited': 'Non crédité',
  'money.receipt.holder': 'Titulaire du compte',
  'money.receipt.fee': 'Frais',
  'money.receipt.balanceBefore': 'Solde avant',
  'money.receipt.balanceAfter': 'Solde après',
  'money.receipt.network': 'Réseau',
  'money.receipt.txHash': 'Transaction sur la blockchain',
  'money.receipt.reason': 'Motif',
  'money.receipt.verifiable': 'Reçu vérifiable',
  'money.receipt.verifiableHelp':
    'Le reçu vérifiable contient les événements de cette transaction tels que le registre les a enregistrés, avec la preuve qu’ils figurent dans le registre sous une racine signée par sa clé. Tout le monde peut le vérifier, sans compte, sur <link>la page de vérification</link>.',
  'money.receipt.status': 'Statut',
  'money.receipt.downloaded': 'Reçu vérifiable téléchargé',
  'money.receipt.savedAs': 'Enregistré sous {fileName}. Vérifiez-le sur la page de vérification.',
  'money.receipt.downloadFailed': 'Échec du téléchargement',
  'money.receipt.preparing': 'Préparation…',
  'money.receipt.download': 'Télécharger le reçu vérifiable',
};
