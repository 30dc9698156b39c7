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

/** A table's row: the menu or footer group, the path, the label and, in the header, the line under it. */
type LinkRow = readonly [group: string, to: PublicPath, label: string, description?: string];

/** The groups in the order the table first names them, each with its links in the table's order. */
function grouped(rows: readonly LinkRow[]): NavGroup[] {
  const groups = new Map<string, NavLink[]>();
  for (const [group, to, label, description] of rows) {
    const links = groups.get(group) ?? [];
    links.push(description === undefined ? { label, to } : { label, to, description });
    groups.set(group, links);
  }
  return [...groups].map(([label, links]) => ({ label, links }));
}

/** The header's four dropdown menus (docs/product-rules.md spec 2, "Landing"). */
export const NAV_MENUS: readonly NavGroup[] = grouped([
  ['Products', '/wallet', 'Wallet', 'Hold, send and receive SAI and crypto'],
  ['Products', '/cards', 'Metal Cards', 'Gold, Ruby Steel and Black'],
  ['Products', '/exchange', 'Exchange', 'Convert between currencies'],
  ['Products', '/business', 'Business', 'Accounts for companies'],
  ['Features', '/features/crypto-back', 'Crypto Back', 'Cashback paid in crypto'],
  ['Features', '/features/premium', 'Premium', 'Lounges, rebates and experiences'],
  ['Features', '/features/spending', 'Spending', 'Spend any crypto anywhere'],
  ['Features', '/rewards', 'Rewards', 'The car giveaway'],
  ['Features', '/partners', 'Partners', 'Discounts at partner locations'],
  ['Learn', '/learn/basics', 'Crypto Basics', 'Wallets, networks and tokens'],
  ['Learn', '/learn/security', 'Security Guide', 'Keeping your account safe'],
  ['Learn', '/help', 'Help Center', 'Answers to common questions'],
  ['Learn', '/blog', 'Blog', 'News and stories'],
  ['Company', '/about', 'About', 'Our mission and story'],
  ['Company', '/compliance', 'Security', 'How the wallet protects you'],
  ['Company', '/careers', 'Careers', 'Join the team'],
  ['Company', '/press', 'Press', 'Media resources'],
  ['Company', '/contact', 'Contact', 'Talk to us'],
]);

export const FOOTER_GROUPS: readonly NavGroup[] = grouped([
  ['Products', '/wallet', 'Wallet'],
  ['Products', '/cards', 'Metal Cards'],
  ['Products', '/exchange', 'Exchange'],
  ['Products', '/business', 'Business'],
  ['Products', '/pricing', 'Pricing'],
  ['Rewards', '/partners', 'Partners'],
  ['Rewards', '/all-partners', 'All Partners'],
  ['Rewards', '/rewards', 'Car Giveaway'],
  ['Rewards', '/features/crypto-back', 'Crypto Back'],
  ['Company', '/about', 'About'],
  ['Company', '/careers', 'Careers'],
  ['Company', '/press', 'Press'],
  ['Company', '/blog', 'Blog'],
  ['Support', '/help', 'Help Center'],
  ['Support', '/contact', 'Contact'],
  ['Support', '/learn/security', 'Security Guide'],
  ['Support', '/compliance', 'Security'],
  ['Support', '/verify', 'Verify a receipt'],
]);

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
