import type { CommentRow, OrderActor, OrderLineRow, OrderRow, ProductRow, UserRow } from '~/server/core/ports';
import { totalPrice } from '~/src/domain/price';
import { DEFAULT_SEED } from '../catalogue/generate';
import { seededRandom, type Random } from '../catalogue/random';
import { SEEDED_SHOPPERS, type SeededShopper } from './shoppers';
import { CLOSERS, OPENERS, REMARKS, type Tone } from './words';

/** Only the first products get comments, so a catalogue of 100,000 seeds about as fast as one of a few hundred. */
export const REVIEWED_PRODUCTS = 600;
/** The share of a product's ratings that come with a comment, drawn per product between these... */
export const COMMENT_SHARE = { low: 0.1, high: 0.25 } as const;
/** ...but at least this many (all of them when it has fewer ratings)... */
export const FEWEST_COMMENTS = 3;
/** ...and at most this many, which wins past a few dozen ratings: a product of 233 ratings gets 6. */
export const MOST_COMMENTS = 6;
/** Every seeded order is approved, and every seeded comment written, before this moment. */
export const REVIEWS_END = '2026-11-08T00:00:00.000Z';

const END = Date.parse(REVIEWS_END);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** From an order to its approval, then at least a day of use before the comment. */
const TO_APPROVAL = 4 * DAY;
/** A product out later than this has too little time to be bought, delivered and commented on. */
const LAST_RELEASE = END - TO_APPROVAL - 2 * DAY;
const MOST_LINES = 5;
/** A rating around the product's mean: a product's comments agree with its stars, with some dissent. */
const RATING_SPREAD = [-1.5, -1, -0.5, 0, 0, 0.5, 0.5, 1];

export interface SeededReviews {
  shoppers: UserRow[];
  orders: Omit<OrderRow, 'id'>[];
  comments: Omit<CommentRow, 'id'>[];
}

/** What a review is written from: a product as stored or as generated, its shades by name. */
type ReviewedProduct = Omit<ProductRow, 'shades'> & { shades: readonly { name: string }[] };

interface Purchase {
  product: ReviewedProduct;
  tone: Tone;
}

/** How many of a product's ratings (reviews) come with a comment, given its share of them. */
export function commentCount(reviews: number, share: number): number {
  if (reviews === 0) return 0;
  return Math.min(reviews, MOST_COMMENTS, Math.max(FEWEST_COMMENTS, Math.round(reviews * share)));
}

/**
 * The comments on the seeded products' ratings (part of their review count,
 * never more): 3 to 6 on each rated product among the first
 * REVIEWED_PRODUCTS, as many as its ratings when it has fewer than 3. Each
 * is by a seeded shopper who bought the product in an
 * approved order placed after the product came out and before the comment;
 * written for the product's category, in the tone of a rating near its
 * mean. The same products and seed always give the same reviews.
 */
export function generateReviews(products: readonly ReviewedProduct[], approver: OrderActor, seed = DEFAULT_SEED): SeededReviews {
  const random = seededRandom(seed ^ 0x5eed);
  const purchases: Purchase[][] = SEEDED_SHOPPERS.map(() => []);
  for (const product of products.slice(0, REVIEWED_PRODUCTS).filter((p) => Date.parse(p.createdAt) < LAST_RELEASE)) {
    const count = commentCount(product.baseReviews, COMMENT_SHARE.low + random.next() * (COMMENT_SHARE.high - COMMENT_SHARE.low));
    for (const buyer of distinctIndexes(random, SEEDED_SHOPPERS.length, count)) {
      purchases[buyer]!.push({ product, tone: toneOf(product.baseRank + random.pick(RATING_SPREAD)) });
    }
  }
  const reviews: SeededReviews = { shoppers: [], orders: [], comments: [] };
  for (const [index, shopper] of SEEDED_SHOPPERS.entries()) {
    const bought = purchases[index]!.sort((a, b) => byTime(a.product.createdAt, b.product.createdAt));
    if (bought.length === 0) continue;
    let joined = END;
    for (let start = 0; start < bought.length;) {
      const basket = bought.slice(start, start + random.int(1, MOST_LINES));
      start += basket.length;
      const order = orderOf(random, shopper, basket, approver, `SEED-REVIEW-${reviews.orders.length + 1}`);
      reviews.orders.push(order);
      joined = Math.min(joined, Date.parse(order.createdAt) - random.int(1, 90) * DAY);
      const approved = Date.parse(order.history.at(-1)!.at);
      for (const { product, tone } of basket) {
        reviews.comments.push({
          userId: shopper.id,
          productId: product.id,
          text: commentText(random, product, tone),
          createdAt: iso(approved + DAY + random.next() * (END - approved - DAY)),
        });
      }
    }
    const { address: _address, ...user } = shopper;
    reviews.shoppers.push({ ...user, createdAt: iso(joined) });
  }
  reviews.comments.sort((a, b) => byTime(a.createdAt, b.createdAt));
  return reviews;
}

/** An approved order of the basket, placed after its newest product came out, approved by `approver` in time for a comment. */
function orderOf(
  random: Random,
  shopper: SeededShopper,
  basket: Purchase[],
  approver: OrderActor,
  paymentId: string,
): Omit<OrderRow, 'id'> {
  const newest = Date.parse(basket.at(-1)!.product.createdAt);
  const placed = newest + random.next() * (LAST_RELEASE - newest);
  const lines: OrderLineRow[] = basket.map(({ product }) => ({
    productId: product.id,
    name: product.name,
    image: product.image,
    quantity: random.chance(0.15) ? 2 : 1,
    unitPrice: totalPrice(product.price, product.discount),
  }));
  const buyer = { userId: shopper.id, email: shopper.email };
  return {
    userId: shopper.id,
    userEmail: shopper.email,
    status: 'approved',
    address: shopper.address,
    totalPrice: Math.round(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) * 100) / 100,
    createdAt: iso(placed),
    paymentId,
    lines,
    history: [
      { status: 'open', at: iso(placed), by: buyer },
      { status: 'created', at: iso(placed + random.int(2, 8) * HOUR), by: approver },
      { status: 'processing', at: iso(placed + DAY), by: approver },
      { status: 'approved', at: iso(placed + TO_APPROVAL), by: approver },
    ],
  };
}

/** An opener now and then, one or two remarks on the category, a closer now and then. */
function commentText(random: Random, product: ReviewedProduct, tone: Tone): string {
  const remarks = REMARKS[product.category][tone];
  const first = random.int(0, remarks.length - 1);
  const parts = [
    ...(random.chance(0.5) ? [random.pick(OPENERS[tone])] : []),
    remarks[first]!,
    ...(random.chance(0.4) ? [remarks[(first + random.int(1, remarks.length - 1)) % remarks.length]!] : []),
    ...(random.chance(0.5) ? [random.pick(CLOSERS[tone])] : []),
  ];
  const shade = product.shades.length > 0 ? random.pick(product.shades).name : product.name;
  return parts.join(' ').replaceAll('{shade}', shade).replaceAll('{name}', product.name);
}

function toneOf(rating: number): Tone {
  if (rating >= 4) return 'good';
  return rating >= 3 ? 'mixed' : 'poor';
}

/** `count` different indexes below `size`, in random order (the first steps of a Fisher-Yates shuffle). */
function distinctIndexes(random: Random, size: number, count: number): number[] {
  const indexes = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = random.int(i, size - 1);
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, count);
}

const iso = (ms: number) => new Date(Math.round(ms)).toISOString();
/** ISO times compare as plain strings; localeCompare would cost most of the generation. */
const byTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
