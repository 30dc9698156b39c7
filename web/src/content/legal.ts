import { BRAND, SECURITY, SUPPORT, TIMINGS } from './constants.ts';

/** Static policy text for /privacy and /terms. */

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

const address = SUPPORT.address.join(', ');

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: 'November 1, 2026',
  intro: `This policy explains what personal data ${BRAND.name} collects, why we collect it, how long we keep it and the choices you have. It applies to our website, the wallet and the metal card.`,
  sections: [
    {
      id: 'data-we-collect',
      heading: 'Data we collect',
      paragraphs: [
        'Account data: your name, username, e-mail address and a hash of your password. We never store your password itself.',
        'Transaction data: deposits, transfers, withdrawals, card payments and the proofs of payment you submit.',
        'Card delivery data: the shipping address you give us for your card.',
        'Messages: what you send through the contact form. The support chat on this website runs in your browser and is not sent to us.',
      ],
    },
    {
      id: 'how-we-use-data',
      heading: 'How we use your data',
      paragraphs: [
        'To open and run your account, process your transactions, issue and ship your card, and answer your questions.',
        'To meet our legal obligations, including fraud prevention and record keeping.',
        'To keep the service secure, for example by detecting unusual sign-in attempts.',
        'We do not sell your personal data, and we only send marketing messages if you opt in.',
      ],
    },
    {
      id: 'legal-bases',
      heading: 'Legal bases',
      paragraphs: [
        'We process your data to perform our contract with you, to comply with the law, for our legitimate interest in keeping the service secure, and with your consent where we ask for it. You can withdraw consent at any time.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share data with',
      paragraphs: [
        'Service providers that help us run the service (card issuing and processing, courier delivery and hosting), bound by contracts that protect your data.',
        'Authorities, when the law requires it.',
      ],
    },
    {
      id: 'storage-and-security',
      heading: 'Storage and security',
      paragraphs: [
        `Personal data in our records is sealed with ${SECURITY.encryption} under a key of its own for each person; access is limited to administrators, and what they change is recorded in an audit log.`,
        'Sign-in uses a secure, http-only session cookie. Your browser also keeps your support chat history and the chat assistant you were assigned in local storage; clearing your browser data removes them.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep data',
      paragraphs: [
        'We keep account and transaction records for as long as your account is open and afterwards for as long as the law requires us to keep financial records. Contact-form messages are kept for up to two years.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: [
        'You may ask for a copy of your data, have it corrected or deleted, restrict or object to its processing, and receive it in a portable format. Some records must be kept by law even if you ask us to delete them.',
        `Send requests to ${SUPPORT.email}. We answer within 30 days. You may also complain to your data protection authority.`,
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [`${BRAND.name}, ${address}. E-mail: ${SUPPORT.email}.`],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: 'November 1, 2026',
  intro: `These terms govern your use of ${BRAND.name}: the wallet, the ${BRAND.token} token and the metal card. By creating an account you agree to them; please read them carefully.`,
  sections: [
    {
      id: 'eligibility',
      heading: 'Eligibility',
      paragraphs: ['You must be at least 18 years old and able to enter a binding contract.'],
    },
    {
      id: 'your-account',
      heading: 'Your account',
      paragraphs: [
        'Keep your password and authenticator codes secret; you are responsible for activity on your account. Tell us at once if you suspect unauthorised access.',
        'We may suspend an account to protect you or to comply with the law, and will tell you why unless the law forbids it.',
      ],
    },
    {
      id: 'deposits-and-withdrawals',
      heading: 'Deposits, transfers and withdrawals',
      paragraphs: [
        `Deposits are credited once confirmed by the network, usually in ${TIMINGS.deposits}. Send only the currency and network you selected; funds sent on the wrong network may be lost.`,
        `Transfers between ${BRAND.name} users are free and final once completed. Withdrawals are processed ${TIMINGS.withdrawals}; the amount is held from your available balance while the request is processed.`,
      ],
    },
    {
      id: 'cards',
      heading: 'Metal cards',
      paragraphs: [
        `Your card tier follows the ${BRAND.token} you hold. Cards are verified within ${TIMINGS.cardVerification} and delivered by courier in ${TIMINGS.cardShipping}. The card remains our property and must be returned or destroyed if your account closes.`,
        'You can freeze your card and change its PIN at any time from your dashboard.',
      ],
    },
    {
      id: 'fees',
      heading: 'Fees',
      paragraphs: [
        'Cards carry no annual fee. Fees that apply, such as the conversion fee, are shown before you confirm a transaction and on the cards page.',
      ],
    },
    {
      id: 'risks',
      heading: 'Risks of crypto-assets',
      paragraphs: [
        'The value of crypto-assets, including SAI, can rise and fall sharply. Past performance is no guide to future returns. Only hold what you can afford to lose.',
      ],
    },
    {
      id: 'promotions',
      heading: 'Promotions',
      paragraphs: [
        'Partner discounts and giveaways are subject to their own terms, shown on the relevant page. Partners may change their offers.',
      ],
    },
    {
      id: 'liability',
      heading: 'Liability',
      paragraphs: [
        'We are not liable for losses caused by events outside our reasonable control, by networks we do not operate, or by your failure to keep your credentials safe. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and termination',
      paragraphs: [
        'We may update these terms and will give you at least 30 days notice of material changes. You may close your account at any time; any balance will be returned to you after the checks the law requires.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${SUPPORT.email}, or write to ${BRAND.name}, ${address}.`],
    },
  ],
};
