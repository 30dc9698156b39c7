import type { dashboardCard as english } from '../en/dashboardCard.ts';

/** French for ../en/dashboardCard.ts. */
export const dashboardCard: Record<keyof typeof english, string> = {
  'dashboard.card.loading': 'Chargement de votre carte…',
  'dashboard.card.failed': 'Impossible de charger votre carte.',
  'dashboard.card.tierCard': 'Carte {tier}',
  'dashboard.card.tierToday': 'Carte {tier} (votre niveau actuel)',
  'dashboard.card.state.none': 'Non activée',
  'dashboard.card.state.none.description': 'Demandez votre carte métal : son niveau suit votre solde de SAI.',
  'dashboard.card.state.pending': 'Paiement requis',
  'dashboard.card.state.pending.description':
    'Achetez des SAI et soumettez votre paiement pour activer la carte.',
  'dashboard.card.state.verifying': 'Vérification du paiement ({time})',
  'dashboard.card.state.verifying.description':
    'Nous vérifions votre paiement. La carte s’active dès qu’il est confirmé.',
  'dashboard.card.state.active': 'Active',
  'dashboard.card.state.activeDelivered': 'Active · Livrée',
  'dashboard.card.state.delivered.description': 'Votre carte a été livrée et est prête à l’emploi.',
  'dashboard.card.state.active.description':
    'Votre carte est active. Nous l’expédions très bientôt à votre adresse.',
  'dashboard.card.state.noAddress.description':
    'Votre carte est active. Ajoutez une adresse de livraison pour que nous puissions l’envoyer.',
  'dashboard.card.state.shipping': 'Expédiée par coursier ({time})',
  'dashboard.card.state.shipping.description': 'Votre carte est en route.',
  'dashboard.card.state.tracking': 'Numéro de suivi {number}.',
  'dashboard.card.state.frozen': 'Gelée',
  'dashboard.card.state.frozen.description':
    'Les paiements sont bloqués jusqu’à ce que vous dégeliez la carte dans ses paramètres.',
  'dashboard.card.estimatedDelivery': 'Livraison prévue le {date}',
  'dashboard.card.request': 'Demander la carte',
  'dashboard.card.depositNow': 'Déposer maintenant',
  'dashboard.card.addAddress': 'Ajouter une adresse de livraison',
  'dashboard.card.addAddress.description': 'L’adresse où le coursier doit livrer votre carte.',
  'dashboard.card.saveAddress': 'Enregistrer l’adresse',
  'dashboard.card.viewDetails': 'Voir les détails de la carte',
  'dashboard.card.settings': 'Paramètres de la carte',
  'dashboard.card.settings.description': 'Votre carte {tier}.',
  'dashboard.card.requestTitle': 'Demandez votre carte métal',
  'dashboard.card.requestDescription':
    'Où devons-nous l’envoyer ? Votre carte {tier} est expédiée dès qu’elle est active.',
  'dashboard.card.depositRequired': 'Dépôt requis',
  'dashboard.card.depositDescription':
    'Votre carte nécessite d’abord un dépôt : achetez au moins {minimum} SAI. « Déposer maintenant » demande votre carte, qui s’active dès que votre paiement est confirmé ({time}).',
  'dashboard.card.buyTitle': 'Achetez des SAI pour activer votre carte',
  'dashboard.card.buyDescription':
    'Payez en ETH, USDT ou USDC sur le réseau principal Ethereum, puis soumettez votre paiement. La carte s’active dès qu’il est confirmé ({time}).',
  'dashboard.card.requested': 'Demande de carte envoyée',
  'dashboard.card.requested.address': 'Achetez des SAI et soumettez votre paiement pour l’activer.',
  'dashboard.card.requested.deposit':
    'Soumettez maintenant votre paiement : la carte s’active dès qu’il est confirmé.',
  'dashboard.card.requestFailed': 'Échec de la demande de carte',
  'dashboard.card.addressSaved': 'Adresse de livraison mise à jour',
  'dashboard.card.addressFailed': 'Échec de la mise à jour de l’adresse de livraison',
  'dashboard.card.details': 'Détails de la carte',
  'dashboard.card.tier': 'Niveau',
  'dashboard.card.status': 'Statut',
  'dashboard.card.shipping': 'Livraison',
  'dashboard.card.shipping.notShipped': 'Pas encore expédiée',
  'dashboard.card.shipping.shipped': 'Expédiée par coursier ({time})',
  'dashboard.card.shipping.delivered': 'Livrée',
  'dashboard.card.trackingNumber': 'Numéro de suivi',
  'dashboard.card.estimatedDeliveryTerm': 'Livraison prévue',
  'dashboard.card.shipTo': 'Livrer à',
  'dashboard.card.noAddress': 'Pas encore d’adresse de livraison',
  'dashboard.card.benefits': 'Avantages {tier}',
  'dashboard.card.atm': 'Retraits gratuits aux distributeurs jusqu’à {amount} par mois',
  'dashboard.card.cashback': '{percent} de cashback',
  'dashboard.card.notActive': 'Carte pas encore active',
  'dashboard.card.notActive.shipping':
    'Votre carte est en route. Ses paramètres seront accessibles une fois qu’elle aura été livrée.',
  'dashboard.card.notActive.description':
    'Les paramètres de la carte sont accessibles une fois la carte active. Achetez des SAI et soumettez votre paiement pour l’activer.',
  'dashboard.card.currentState': 'État actuel : {state}',
  'dashboard.card.freeze': 'Geler la carte',
  'dashboard.card.freeze.description':
    'Bloque tout paiement avec la carte jusqu’à ce que vous désactiviez cette option.',
  'dashboard.card.isFrozen': 'Votre carte est gelée',
  'dashboard.card.isFrozen.description': 'Dégelez-la pour réactiver les paiements.',
  'dashboard.card.isActive': 'Votre carte est active',
  'dashboard.card.isActive.description':
    'Elle fonctionne pour les paiements et les retraits aux distributeurs. Gelez-la immédiatement si vous l’égarez.',
  'dashboard.card.frozenToast': 'Carte gelée',
  'dashboard.card.frozenToast.description':
    'Les paiements avec cette carte sont bloqués jusqu’à ce que vous la dégeliez.',
  'dashboard.card.unfrozenToast': 'Carte dégelée',
  'dashboard.card.unfrozenToast.description': 'Votre carte fonctionne de nouveau.',
  'dashboard.card.updateFailed': 'Échec de la mise à jour de la carte',
  'dashboard.card.pin.change': 'Modifier le code PIN',
  'dashboard.card.pin.new': 'Nouveau code PIN',
  'dashboard.card.pin.confirm': 'Confirmer le code PIN',
  'dashboard.card.pin.unfreezeFirst': 'Dégelez la carte pour modifier son code PIN.',
  'dashboard.card.pin.changed': 'Code PIN modifié',
  'dashboard.card.pin.changed.description': 'Utilisez désormais votre nouveau code PIN.',
  'dashboard.card.pin.failed': 'Échec de la modification du code PIN',
  'dashboard.card.pin.format':
    '{digits, plural, one {Le code PIN doit comporter # chiffre} other {Le code PIN doit comporter # chiffres}}',
  'dashboard.card.pin.match': 'Les codes PIN ne correspondent pas',
  'dashboard.card.state.stakeable': 'Prête à activer',
  'dashboard.card.state.stakeable.description':
    'Vous détenez assez de SAI : misez-les pour activer votre carte, sans achat.',
};
