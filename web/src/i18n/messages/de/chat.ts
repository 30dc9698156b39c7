import type { chat as english } from '../en/chat.ts';

/** German for ../en/chat.ts. */
export const chat: Record<keyof typeof english, string> = {
  'chat.open': 'Support-Chat öffnen',
  'chat.region': 'Support-Chat',
  'chat.role': 'Automatischer Assistent',
  'chat.minimize': 'Chat minimieren',
  'chat.expand': 'Chat vergrößern',
  'chat.close': 'Chat schließen',
  'chat.log': 'Chatnachrichten',
  'chat.you': 'Sie',
  'chat.connecting': 'Verbindung mit {agent} wird hergestellt...',
  'chat.typing': '{agent} schreibt',
  'chat.placeholder': 'Ihre Nachricht...',
  'chat.input': 'Ihre Nachricht',
  'chat.send': 'Nachricht senden',
  'chat.note': 'Automatische Antworten. Für Fragen zu Ihrem Konto nutzen Sie bitte das Kontaktformular.',
  'chat.greeting':
    'Hallo, ich bin {agent}, der automatische Assistent von {brand}. Fragen Sie mich zu Metallkarten, unterstützten Kryptowährungen oder Partnervorteilen.',
  'chat.reply.verification':
    'Die Verifizierung der Karte dauert {min}–{max} Werktage, nachdem Ihre Einzahlung bestätigt ist. Sobald sie verifiziert ist, wird Ihre Karte aktiviert und sofort versandt; den Status sehen Sie in Ihrem Dashboard.',
  'chat.reply.shipping':
    'Karten werden per Kurier mit Sendungsverfolgung verschickt und kommen in {min}–{max} Arbeitstagen an. Hinterlegen Sie Ihre Lieferadresse im Dashboard, damit wir die Karte gleich nach der Verifizierung versenden können.',
  'chat.reply.fees':
    'Keine Karte hat eine Jahresgebühr, Überweisungen zwischen Nutzern von {brand} sind kostenlos und Krypto-Einzahlungen gebührenfrei. Der Umtausch anderer Kryptowährungen in {token} kostet {rates}.',
  'chat.reply.feesUnknown':
    'Keine Karte hat eine Jahresgebühr, Überweisungen zwischen Nutzern von {brand} sind kostenlos und Krypto-Einzahlungen gebührenfrei. Für den Umtausch anderer Kryptowährungen in {token} fällt eine Gebühr an, die von Ihrer Stufe abhängt; das Kaufformular nennt sie, bevor Sie bezahlen.',
  'chat.fees.rates': '{gold}, {ruby} und {black}',
  'chat.fees.rate': '{rate} bei {tier}',
  'chat.reply.crypto':
    'Sie können {assets} einzahlen. Einzahlungen werden in {min}–{max} Minuten gutgeschrieben, Auszahlungen innerhalb von {hours, plural, one {# Stunde} other {# Stunden}} bearbeitet.',
  'chat.reply.partners':
    'Karteninhaber sparen bei Partnern weltweit: {gold} mit {goldName}, {ruby} mit {rubyName} und bis zu {black} mit {blackName}, dazu {cashbackMin}–{cashbackMax} % Cashback. Die vollständige Liste finden Sie auf der Partnerseite.',
  'chat.reply.cards':
    'Wir bieten drei Stufen von Metallkarten: {goldName} ab {goldStake} {token}, {rubyName} ab {rubyStake} {token} und {blackName} ab {blackStake} {token}. Keine hat eine Jahresgebühr; mit {blackName} sind Abhebungen am Geldautomaten bis {atm} im Monat kostenlos.',
  'chat.reply.greeting':
    'Hallo! Wie kann ich Ihnen heute helfen? Ich kann Ihnen etwas zu Metallkarten, unterstützten Kryptowährungen oder Partnervorteilen sagen.',
  'chat.fallback.0':
    'Ich bin nicht sicher, ob ich Sie verstanden habe. Könnten Sie es anders formulieren oder mich zu Metallkarten, unterstützten Kryptowährungen oder Partnervorteilen fragen?',
  'chat.fallback.1':
    'Entschuldigung, das habe ich nicht verstanden. Könnten Sie es anders formulieren? Sie können mich auch zu Metallkarten, unterstützten Kryptowährungen oder Partnervorteilen fragen.',
  'chat.fallback.2':
    'Am besten helfe ich bei Metallkarten, unterstützten Kryptowährungen oder Partnervorteilen. Könnten Sie Ihre Frage anders formulieren? Für alles andere schreiben Sie an {email}.',
};
