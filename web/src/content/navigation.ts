/**
 * The visitor navigation and the footer's link groups. Every path is a route of the spec's route table,
 * typed so the router's `<Link to>` accepts it.
 */

export type PublicPath =
  | '/'
  | '/about'
  | '/all-partners'
  | '/blog'
  | '/business'
  | '/cards'
  | '/careers'
  | '/compliance'
  | '/contact'
  | '/cookies'
  | '/exchange'
  | '/features/crypto-back'
  | '/features/premium'
  | '/features/spending'
  | '/help'
  | '/learn/basics'
  | '/learn/security'
  | '/partners'
  | '/press'
  | '/pricing'
  | '/privacy'
  | '/rewards'
  | '/terms'
  | '/verify'
  | '/wallet';

export interface NavLink {
  label: string;
  to: PublicPath;
  description?: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

/** The header's four dropdown menus (docs/product-rules.md spec 2, "Landing"). */
export const NAV_MENUS: readonly NavGroup[] = [
  {
    label: 'Products',
    links: [
      { label: 'Wallet', to: '/wallet', description: 'Hold, send and receive SAI and crypto' },
      { label: 'Metal Cards', to: '/cards', description: 'Gold, Ruby Steel and Black' },
      { label: 'Exchange', to: '/exchange', description: 'Convert between currencies' },
      { label: 'Business', to: '/business', description: 'Accounts for companies' },
    ],
  },
  {
    label: 'Features',
    links: [
      { label: 'Crypto Back', to: '/features/crypto-back', description: 'Cashback paid in crypto' },
      { label: 'Premium', to: '/features/premium', description: 'Lounges, rebates and experiences' },
      { label: 'Spending', to: '/features/spending', description: 'Spend any crypto anywhere' },
      { label: 'Rewards', to: '/rewards', description: 'The car giveaway' },
      { label: 'Partners', to: '/partners', description: 'Discounts at partner locations' },
    ],
  },
  {
    label: 'Learn',
    links: [
      { label: 'Crypto Basics', to: '/learn/basics', description: 'Wallets, networks and tokens' },
      { label: 'Security Guide', to: '/learn/security', description: 'Keeping your account safe' },
      { label: 'Help Center', to: '/help', description: 'Answers to common questions' },
      { label: 'Blog', to: '/blog', description: 'News and stories' },
    ],
  },
  {
    label: 'Company',
    links: [
      { label: 'About', to: '/about', description: 'Our mission and story' },
      { label: 'Security', to: '/compliance', description: 'How the wallet protects you' },
      { label: 'Careers', to: '/careers', description: 'Join the team' },
      { label: 'Press', to: '/press', description: 'Media resources' },
      { label: 'Contact', to: '/contact', description: 'Talk to us' },
    ],
  },
];

export const FOOTER_GROUPS: readonly NavGroup[] = [
  {
    label: 'Products',
    links: [
      { label: 'Wallet', to: '/wallet' },
      { label: 'Metal Cards', to: '/cards' },
      { label: 'Exchange', to: '/exchange' },
      { label: 'Business', to: '/business' },
      { label: 'Pricing', to: '/pricing' },
    ],
  },
  {
    label: 'Rewards',
    links: [
      { label: 'Partners', to: '/partners' },
      { label: 'All Partners', to: '/all-partners' },
      { label: 'Car Giveaway', to: '/rewards' },
      { label: 'Crypto Back', to: '/features/crypto-back' },
    ],
  },
  {
    label: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Careers', to: '/careers' },
      { label: 'Press', to: '/press' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    label: 'Support',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'Contact', to: '/contact' },
      { label: 'Security Guide', to: '/learn/security' },
      { label: 'Security', to: '/compliance' },
      { label: 'Verify a receipt', to: '/verify' },
    ],
  },
];

export const LEGAL_LINKS: readonly NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Cookies', to: '/cookies' },
];

/** The "Coming Soon" pages (docs/product-rules.md spec 2): title and one line on what is planned. */
export const COMING_SOON: Record<
  | '/exchange'
  | '/business'
  | '/features/crypto-back'
  | '/features/premium'
  | '/features/spending'
  | '/learn/basics'
  | '/learn/security'
  | '/blog'
  | '/careers'
  | '/press'
  | '/cookies'
  | '/pricing',
  { title: string; text: string; related?: NavLink }
> = {
  '/exchange': {
    title: 'Exchange',
    text: 'Swap between SAI and the crypto you hold, right inside your wallet.',
    related: { label: 'See supported crypto', to: '/help' },
  },
  '/business': {
    title: 'Business',
    text: 'Wallets and metal cards for teams, with spending controls and statements.',
    related: { label: 'Contact sales', to: '/contact' },
  },
  '/features/crypto-back': {
    title: 'Crypto Back',
    text: 'Cashback on every card purchase, paid in crypto, up to 3% on Black.',
    related: { label: 'Compare card tiers', to: '/cards' },
  },
  '/features/premium': {
    title: 'Premium',
    text: 'Airport lounges, streaming rebates and exclusive experiences for Ruby Steel and Black.',
    related: { label: 'Compare card tiers', to: '/cards' },
  },
  '/features/spending': {
    title: 'Spending',
    text: 'Spend any crypto anywhere cards are accepted, converted at the moment you pay.',
    related: { label: 'Browse partners', to: '/partners' },
  },
  '/learn/basics': {
    title: 'Crypto Basics',
    text: 'Short guides to wallets, networks, tokens and keeping your keys safe.',
    related: { label: 'Visit the Help Center', to: '/help' },
  },
  '/learn/security': {
    title: 'Security Guide',
    text: 'How to protect your account, spot phishing and use two-factor authentication.',
    related: { label: 'How we protect your funds', to: '/compliance' },
  },
  '/blog': {
    title: 'Blog',
    text: 'Product news, partner stories and guides from the SAI Wallet team.',
  },
  '/careers': {
    title: 'Careers',
    text: 'Open roles across engineering, compliance and support.',
    related: { label: 'About us', to: '/about' },
  },
  '/press': {
    title: 'Press',
    text: 'Press releases, brand assets and media contacts.',
    related: { label: 'Contact us', to: '/contact' },
  },
  '/cookies': {
    title: 'Cookie Policy',
    text: 'A detailed cookie policy. We only use cookies that are needed to keep you signed in.',
    related: { label: 'Read the Privacy Policy', to: '/privacy' },
  },
  '/pricing': {
    title: 'Pricing',
    text: 'A full price list. Until then, every tier and its benefits are on the cards page.',
    related: { label: 'Compare card tiers', to: '/cards' },
  },
};
