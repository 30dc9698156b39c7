import type { chat as english } from '../en/chat.ts';

/** French for ../en/chat.ts. */
export const chat: Record<keyof typeof english, string> = {
  'chat.open': 'Ouvrir le chat d’assistance',
  'chat.region': 'Chat d’assistance',
  'chat.role': 'Assistant automatique',
  'chat.minimize': 'Réduire le chat',
  'chat.expand': 'Agrandir le chat',
  'chat.close': 'Fermer le chat',
  'chat.log': 'Messages du chat',
  'chat.you': 'Vous',
  'chat.connecting': 'Connexion à {agent}...',
  'chat.typing': '{agent} est en train d’écrire',
  'chat.placeholder': 'Écrivez votre message...',
  'chat.input': 'Écrivez votre message',
  'chat.send': 'Envoyer le message',
  'chat.note':
    'Réponses automatiques. Pour toute question sur votre compte, utilisez le formulaire de contact.',
  'chat.greeting':
    'Bonjour, je suis {agent}, l’assistant automatique de {brand}. Posez-moi vos questions sur les cartes métal, les cryptomonnaies acceptées ou les avantages partenaires.',
  'chat.reply.verification':
    'La vérification de la carte prend {min} à {max} jours ouvrés après la confirmation de votre dépôt. Une fois vérifiée, votre carte est activée et expédiée aussitôt ; vous pouvez suivre son statut sur votre tableau de bord.',
  'chat.reply.shipping':
    'Les cartes sont expédiées par coursier avec suivi et arrivent en {min} à {max} jours ouvrables. Ajoutez votre adresse de livraison sur le tableau de bord pour que nous puissions l’envoyer dès qu’elle est vérifiée.',
  'chat.reply.fees':
    'Aucune carte n’a de frais annuels, les virements entre utilisateurs de {brand} sont gratuits et les dépôts de cryptomonnaies sont sans frais. Convertir d’autres cryptomonnaies en {token} coûte {rates}.',
  'chat.reply.feesUnknown':
    'Aucune carte n’a de frais annuels, les virements entre utilisateurs de {brand} sont gratuits et les dépôts de cryptomonnaies sont sans frais. Convertir d’autres cryptomonnaies en {token} entraîne des frais qui dépendent de votre niveau ; le formulaire d’achat les indique avant que vous payiez.',
  'chat.fees.rates': '{gold}, {ruby} et {black}',
  'chat.fees.rate': '{rate} avec {tier}',
  'chat.reply.crypto':
    'Vous pouvez déposer {assets}. Les dépôts sont crédités en {min} à {max} minutes et les retraits sont traités en moins de {hours, plural, one {# heure} other {# heures}}.',
  'chat.reply.partners':
    'Les titulaires économisent chez nos partenaires dans le monde entier : {gold} avec {goldName}, {ruby} avec {rubyName} et jusqu’à {black} avec {blackName}, plus {cashbackMin} à {cashbackMax} % de cashback. La liste complète est sur la page Partenaires.',
  'chat.reply.cards':
    'Nous proposons trois niveaux de carte métal : {goldName} à partir de {goldStake} {token}, {rubyName} à partir de {rubyStake} {token} et {blackName} à partir de {blackStake} {token}. Aucune n’a de frais annuels ; avec {blackName}, les retraits gratuits aux distributeurs vont jusqu’à {atm} par mois.',
  'chat.reply.greeting':
    'Bonjour ! Comment puis-je vous aider aujourd’hui ? Je peux vous renseigner sur les cartes métal, les cryptomonnaies acceptées ou les avantages partenaires.',
  'chat.fallback.0':
    'Je ne suis pas sûr d’avoir compris. Pourriez-vous reformuler, ou me poser une question sur les cartes métal, les cryptomonnaies acceptées ou les avantages partenaires ?',
  'chat.fallback.1':
    'Désolé, je n’ai pas saisi. Pourriez-vous reformuler ? Vous pouvez aussi m’interroger sur les cartes métal, les cryptomonnaies acceptées ou les avantages partenaires.',
  'chat.fallback.2':
    'Je peux surtout vous aider sur les cartes métal, les cryptomonnaies acceptées ou les avantages partenaires. Pourriez-vous reformuler votre question ? Pour tout le reste, écrivez à {email}.',
};
