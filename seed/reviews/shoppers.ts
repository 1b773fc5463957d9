import type { UserRow } from '~/server/core/ports';

/**
 * The seeded shoppers' emails are on `.invalid` (RFC 2606: never a real
 * address), and their usernames ("Lena K.") break the registration rule, so
 * no sign-up can ever collide with them. They have no sign-in account.
 */
export const SEEDED_SHOPPER_DOMAIN = 'shoppers.invalid';

const FIRST_NAMES = [
  'Lena',
  'Maya',
  'Sofia',
  'Chloe',
  'Amara',
  'Ines',
  'Hana',
  'Priya',
  'Zoe',
  'Nadia',
  'Clara',
  'Yuki',
  'Olivia',
  'Leila',
  'Marta',
  'Freya',
  'Aisha',
  'Camille',
  'Rosa',
  'Emma',
  'Noor',
  'Greta',
  'Jade',
  'Lucia',
  'Tessa',
  'Mila',
  'Ava',
  'Bianca',
  'Daniela',
  'Elif',
  'Fatima',
  'Gabi',
  'Ingrid',
  'Julia',
  'Kira',
  'Lara',
  'Mei',
  'Nina',
  'Paula',
  'Rina',
  'Sara',
  'Tara',
  'Vera',
  'Wanda',
  'Ximena',
  'Yara',
  'Zara',
  'Alex',
];
const INITIALS = 'KMRSTBLDHPCGAJNW';

const ADDRESSES = [
  'Argentina, Cordoba, Belgrano 2210',
  'Spain, Valencia, Colon 418',
  'Portugal, Porto, Boavista 1250',
  'Mexico, Jalisco, Chapultepec 870',
  'Chile, Valparaiso, Prat 655',
  'Italy, Toscana, Cavour 1402',
  'France, Bretagne, Sebastopol 332',
  'Colombia, Antioquia, Poblado 4410',
];

/** A seeded shopper as a user but for when they joined (before their first order), with where their orders go. */
export type SeededShopper = Omit<UserRow, 'createdAt'> & { address: string };

/** The pool of seeded shoppers who write the seeded comments. */
export const SEEDED_SHOPPERS: readonly SeededShopper[] = FIRST_NAMES.map((first, index) => {
  const initial = INITIALS[index % INITIALS.length]!;
  return {
    id: `seed-shopper-${first.toLowerCase()}-${initial.toLowerCase()}`,
    username: `${first} ${initial}.`,
    email: `${first.toLowerCase()}.${initial.toLowerCase()}@${SEEDED_SHOPPER_DOMAIN}`,
    type: 'User',
    img: null,
    address: ADDRESSES[index % ADDRESSES.length]!,
  };
});
