/**
 * The static partner catalogue (docs/product-rules.md spec 3, "Partner"): 6 categories of 12 partners. The names are
 * invented and generic; none is a real brand. Icons are lucide icon names, mapped to components by
 * the public pages so this module stays plain data.
 */

export const PARTNER_CATEGORIES = [
  'Retail',
  'Food & Beverages',
  'Travel',
  'Entertainment',
  'Transportation',
  'Home & Lifestyle',
] as const;

export type PartnerCategory = (typeof PARTNER_CATEGORIES)[number];

export type PartnerIconName =
  | 'ShoppingBag'
  | 'Shirt'
  | 'Watch'
  | 'Laptop'
  | 'Backpack'
  | 'Gem'
  | 'Footprints'
  | 'Glasses'
  | 'Smartphone'
  | 'BookOpen'
  | 'Headphones'
  | 'Gift'
  | 'UtensilsCrossed'
  | 'Coffee'
  | 'Pizza'
  | 'Wine'
  | 'IceCreamCone'
  | 'Salad'
  | 'Croissant'
  | 'Beer'
  | 'Soup'
  | 'Sandwich'
  | 'CakeSlice'
  | 'Apple'
  | 'Plane'
  | 'Hotel'
  | 'Luggage'
  | 'TreePalm'
  | 'Ship'
  | 'Mountain'
  | 'Tent'
  | 'Map'
  | 'Compass'
  | 'Globe'
  | 'TrainFront'
  | 'Building'
  | 'Film'
  | 'Tv'
  | 'Gamepad2'
  | 'Ticket'
  | 'Radio'
  | 'Drama'
  | 'Mic'
  | 'Clapperboard'
  | 'Popcorn'
  | 'Trophy'
  | 'FerrisWheel'
  | 'KeyRound'
  | 'CarTaxiFront'
  | 'Zap'
  | 'Bike'
  | 'Bus'
  | 'Fuel'
  | 'Car'
  | 'CircleParking'
  | 'Navigation'
  | 'Truck'
  | 'Sailboat'
  | 'Wrench'
  | 'Sofa'
  | 'Lamp'
  | 'Flower2'
  | 'Dumbbell'
  | 'Sparkles'
  | 'Scissors'
  | 'PawPrint'
  | 'Leaf'
  | 'Bed'
  | 'CookingPot'
  | 'WashingMachine'
  | 'Paintbrush'
  | 'Store';

export interface Partner {
  id: string;
  name: string;
  category: PartnerCategory;
  discount: string;
  icon: PartnerIconName;
}

type Row = readonly [name: string, discount: string, icon: PartnerIconName];

const CATALOGUE: Record<PartnerCategory, readonly Row[]> = {
  Retail: [
    ['Velvet & Vine Boutique', 'Up to 70% off seasonal collections', 'ShoppingBag'],
    ['Northline Apparel', '20% off full-price clothing', 'Shirt'],
    ['Gilded Hour Watches', '15% off timepieces', 'Watch'],
    ['Lumen Electronics', '10% off laptops and tablets', 'Laptop'],
    ['Atlas Outfitters', '25% off outdoor gear', 'Backpack'],
    ['Crestview Jewellers', '12% off fine jewellery', 'Gem'],
    ['Stride Footwear', '18% off sneakers and boots', 'Footprints'],
    ['Clearsight Optics', '20% off frames and lenses', 'Glasses'],
    ['Pocketwave Mobile', '8% off phones and accessories', 'Smartphone'],
    ['Paper Lantern Books', '15% off books and stationery', 'BookOpen'],
    ['Soundcraft Audio', '12% off headphones and speakers', 'Headphones'],
    ['Giftory', '10% off gift boxes and hampers', 'Gift'],
  ],
  'Food & Beverages': [
    ['Daily Grind Coffee', '40% off your second drink', 'Coffee'],
    ['Ember & Oak Grill', '15% off dinner menus', 'UtensilsCrossed'],
    ['Slice Society Pizza', '20% off delivery orders', 'Pizza'],
    ['Cellar Door Wines', '10% off wine and spirits', 'Wine'],
    ['Frostbite Gelato', '15% off every scoop', 'IceCreamCone'],
    ['Greenbowl Kitchen', '12% off salads and bowls', 'Salad'],
    ['Morning Crumb Bakery', '10% off fresh pastries', 'Croissant'],
    ['Harbor Brewhouse', '15% off craft beers', 'Beer'],
    ['Noodle Lane', '20% off noodle bowls', 'Soup'],
    ['Corner Deli Co.', '10% off sandwiches and salads', 'Sandwich'],
    ['Sugarleaf Patisserie', '15% off celebration cakes', 'CakeSlice'],
    ['Orchard Fresh Market', '5% off weekly groceries', 'Apple'],
  ],
  Travel: [
    ['SkyBridge Airways', '25% off seat upgrades', 'Plane'],
    ['Meridian Hotels', '30% off direct bookings', 'Hotel'],
    ['Wanderlust Luggage', '20% off suitcases', 'Luggage'],
    ['Coral Coast Resorts', '15% off beach resorts', 'TreePalm'],
    ['Blue Horizon Cruises', '10% off cruise packages', 'Ship'],
    ['Summit Escapes', '12% off ski holidays', 'Mountain'],
    ['Wildcamp Adventures', '18% off guided expeditions', 'Tent'],
    ['Cartograph City Tours', '10% off walking tours', 'Map'],
    ['Compass Travel Cover', '20% off annual travel insurance', 'Compass'],
    ['Globetrotter Lounges', '15% off airport lounge day passes', 'Globe'],
    ['Continental Rail Pass', '10% off multi-country rail passes', 'TrainFront'],
    ['Urban Stay Apartments', '15% off serviced apartments', 'Building'],
  ],
  Entertainment: [
    ['Starlight Cinemas', '35% off cinema tickets', 'Film'],
    ['Pulse Streaming', '20% off annual plans', 'Tv'],
    ['Pixel Arcade', '15% off game credits', 'Gamepad2'],
    ['Encore Tickets', '10% off concert tickets', 'Ticket'],
    ['Soundwave Radio Plus', '20% off ad-free listening', 'Radio'],
    ['Grand Stage Theatre', '15% off matinee performances', 'Drama'],
    ['Laugh Track Comedy Club', '10% off show entry', 'Mic'],
    ['Reel Rentals', '25% off film rentals', 'Clapperboard'],
    ['Popcorn Palace', '20% off cinema snacks', 'Popcorn'],
    ['Arena Sports Club', '10% off match-day tickets', 'Trophy'],
    ['Bright Lights Theme Park', '15% off day passes', 'FerrisWheel'],
    ['Lockstep Escape Rooms', '12% off group bookings', 'KeyRound'],
  ],
  Transportation: [
    ['Prime Car Rental', '20% off car rentals', 'Car'],
    ['Voltcharge', '10% off EV charging', 'Zap'],
    ['RideNow', '10-40% off rides, by card tier', 'Navigation'],
    ['Citycab', '15% off airport transfers', 'CarTaxiFront'],
    ['Pedal Share Bikes', '20% off monthly passes', 'Bike'],
    ['Metro Express Coaches', '15% off intercity coaches', 'Bus'],
    ['Fuelpoint Stations', '5% off fuel', 'Fuel'],
    ['ParkEasy', '15% off airport parking', 'CircleParking'],
    ['SwiftMove Couriers', '12% off parcel deliveries', 'Truck'],
    ['Harbour Ferries', '10% off ferry crossings', 'Sailboat'],
    ['AutoCare Service Centres', '15% off car servicing', 'Wrench'],
    ['Glide E-Scooters', '10% off every ride', 'Zap'],
  ],
  'Home & Lifestyle': [
    ['Nest & Hearth Furniture', '15% off furniture', 'Sofa'],
    ['Lumiere Lighting', '10% off lamps and fittings', 'Lamp'],
    ['Bloom Florists', '20% off bouquets', 'Flower2'],
    ['Ironworks Gym', '25% off memberships', 'Dumbbell'],
    ['Serenity Spa', '20% off treatments', 'Sparkles'],
    ['Sharp Cuts Barbers', '10% off haircuts', 'Scissors'],
    ['Happy Paws Pet Supplies', '12% off pet food and toys', 'PawPrint'],
    ['Greenhouse Garden Centre', '15% off plants and tools', 'Leaf'],
    ['Dreamwell Mattresses', '20% off mattresses', 'Bed'],
    ["Chef's Table Cookware", '15% off cookware', 'CookingPot'],
    ['FreshFold Laundry', '10% off laundry and dry cleaning', 'WashingMachine'],
    ['Palette Home Decor', '12% off paint and decor', 'Paintbrush'],
  ],
};

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const PARTNERS: readonly Partner[] = PARTNER_CATEGORIES.flatMap((category) =>
  CATALOGUE[category].map(([name, discount, icon]) => ({ id: slug(name), name, category, discount, icon })),
);

export function categorySlug(category: PartnerCategory): string {
  return slug(category);
}

export const CATEGORY_ICONS: Record<PartnerCategory, PartnerIconName> = {
  Retail: 'ShoppingBag',
  'Food & Beverages': 'UtensilsCrossed',
  Travel: 'Plane',
  Entertainment: 'Film',
  Transportation: 'Car',
  'Home & Lifestyle': 'Sofa',
};

export function partnersIn(category: PartnerCategory): Partner[] {
  return PARTNERS.filter((partner) => partner.category === category);
}

/**
 * Search as the spec describes it: the query matches a partner's name, category or discount text,
 * ignoring case. Blank queries match everything.
 */
export function searchPartners(partners: readonly Partner[], query: string): Partner[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...partners];
  return partners.filter((partner) =>
    [partner.name, partner.category, partner.discount].some((field) => field.toLowerCase().includes(needle)),
  );
}

export interface CarouselPartner {
  partner: Partner;
  percentOff: number;
}

/** The landing page's carousel (docs/product-rules.md spec 3): ten partners, in this order, with these percentages. */
const CAROUSEL: readonly (readonly [id: string, percentOff: number])[] = [
  ['velvet-and-vine-boutique', 70],
  ['daily-grind-coffee', 40],
  ['skybridge-airways', 25],
  ['meridian-hotels', 30],
  ['starlight-cinemas', 35],
  ['pulse-streaming', 20],
  ['coral-coast-resorts', 15],
  ['voltcharge', 10],
  ['prime-car-rental', 20],
  ['nest-and-hearth-furniture', 15],
];

export const CAROUSEL_PARTNERS: readonly CarouselPartner[] = CAROUSEL.map(([id, percentOff]) => {
  const partner = PARTNERS.find((candidate) => candidate.id === id);
  if (!partner) throw new Error(`Carousel partner ${id} is not in the catalogue`);
  return { partner, percentOff };
});
