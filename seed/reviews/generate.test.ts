import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '~/src/domain/brandsAndCategories';
import { totalPrice } from '~/src/domain/price';
import { PATTERNS } from '~/src/domain/validation/patterns';
import { commentTextError } from '~/src/domain/validation/comment';
import { orderAddressError } from '~/src/domain/validation/shipping';
import { generateCatalogue } from '../catalogue/generate';
import { DEMO_PEOPLE } from '../seed';
import { COMMENT_SHARE, FEWEST_COMMENTS, generateReviews, MOST_COMMENTS, REVIEWED_PRODUCTS, REVIEWS_END } from './generate';
import { SEEDED_SHOPPER_DOMAIN } from './shoppers';
import { REMARKS } from './words';

const APPROVER = { userId: 'demo-admin', email: 'admin@makeup.test' };
const products = generateCatalogue();
const reviews = generateReviews(products, APPROVER);
const commentsOn = (productId: number) => reviews.comments.filter((c) => c.productId === productId);

/** A remark template as a pattern: its shade and name may be any words. */
const remarkPattern = (template: string) =>
  new RegExp(template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{shade\\\}|\\\{name\\\}/g, '.+'));

describe('the seeded reviews', () => {
  it('are the same for the same catalogue and seed, and differ for another seed', () => {
    expect(generateReviews(generateCatalogue(), APPROVER)).toEqual(reviews);
    expect(generateReviews(products, APPROVER, 7).comments).not.toEqual(reviews.comments);
  });

  it('comment 3 to 6 of each rated product’s ratings (all of them when it has fewer), as README says, however many it has', () => {
    for (const product of products.filter((p) => p.baseReviews > 0)) {
      const count = commentsOn(product.id).length;
      expect(count, `product ${product.id} of ${product.baseReviews} ratings`).toBeGreaterThanOrEqual(Math.min(product.baseReviews, 3));
      expect(count, `product ${product.id} of ${product.baseReviews} ratings`).toBeLessThanOrEqual(Math.min(product.baseReviews, 6));
    }
    const mostRated = products.reduce((a, b) => (b.baseReviews > a.baseReviews ? b : a));
    expect(mostRated.baseReviews).toBeGreaterThan(6 / COMMENT_SHARE.low);
    expect(commentsOn(mostRated.id)).toHaveLength(6);
  });

  it('comment a drawn 10-25 % of a product’s ratings between those bounds', () => {
    const share = (reviewsCount: number, part: number) =>
      Math.min(reviewsCount, MOST_COMMENTS, Math.max(FEWEST_COMMENTS, Math.round(reviewsCount * part)));
    for (const product of products) {
      const count = commentsOn(product.id).length;
      expect(count).toBeGreaterThanOrEqual(share(product.baseReviews, COMMENT_SHARE.low));
      expect(count).toBeLessThanOrEqual(share(product.baseReviews, COMMENT_SHARE.high));
    }
    const commented = products.filter((p) => commentsOn(p.id).length >= Math.min(p.baseReviews, FEWEST_COMMENTS) && p.baseReviews > 0);
    expect(commented.length).toBeGreaterThan(products.length * 0.7);
  });

  it('leave each product’s review count and mean rating as the catalogue gives them', () => {
    const before = structuredClone(products);
    generateReviews(products, APPROVER);
    expect(products).toEqual(before);
  });

  it('stop after the first products, so a large catalogue seeds fast', () => {
    const large = generateCatalogue(REVIEWED_PRODUCTS + 400);
    const { comments } = generateReviews(large, APPROVER);
    expect(Math.max(...comments.map((c) => c.productId))).toBeLessThanOrEqual(REVIEWED_PRODUCTS);
    expect(comments.length).toBeLessThanOrEqual(REVIEWED_PRODUCTS * MOST_COMMENTS);
  });

  it('are each written by a shopper who bought the product in an approved order, at its price, after it came out and before the comment', () => {
    for (const comment of reviews.comments) {
      const product = products.find((p) => p.id === comment.productId)!;
      const order = reviews.orders.find((o) => o.userId === comment.userId && o.lines.some((l) => l.productId === product.id));
      expect(order, `${comment.userId} bought product ${product.id}`).toBeDefined();
      const line = order!.lines.find((l) => l.productId === product.id)!;
      expect(line).toMatchObject({ name: product.name, image: product.image, unitPrice: totalPrice(product.price, product.discount) });
      expect(order!.status).toBe('approved');
      expect(order!.history.map((h) => h.status)).toEqual(['open', 'created', 'processing', 'approved']);
      expect(order!.history.map((h) => h.by)).toEqual([{ userId: comment.userId, email: order!.userEmail }, APPROVER, APPROVER, APPROVER]);
      expect(product.createdAt < order!.createdAt).toBe(true);
      expect(order!.history.at(-1)!.at < comment.createdAt).toBe(true);
      expect(comment.createdAt < REVIEWS_END).toBe(true);
    }
    for (const order of reviews.orders) {
      expect(order.totalPrice).toBe(Math.round(order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) * 100) / 100);
      expect(orderAddressError(order.address)).toBeUndefined();
    }
    expect(new Set(reviews.orders.map((o) => o.paymentId)).size).toBe(reviews.orders.length);
  });

  it('are written for the product’s category, in plain text within the comment rules', () => {
    const categoriesOf = (text: string) =>
      CATEGORIES.filter((category) =>
        Object.values(REMARKS[category])
          .flat()
          .some((t) => remarkPattern(t).test(text)),
      );
    for (const comment of reviews.comments) {
      const product = products.find((p) => p.id === comment.productId)!;
      expect(categoriesOf(comment.text), comment.text).toEqual([product.category]);
      expect(commentTextError(comment.text)).toBeUndefined();
      expect(comment.text).toBe(comment.text.trim());
      expect(comment.text).not.toMatch(/[<>&{}]/);
    }
    expect(new Set(reviews.comments.map((c) => c.text)).size).toBeGreaterThan(reviews.comments.length * 0.8);
  });

  it('come from shoppers who joined before ordering and can never collide with a sign-up or a demo account', () => {
    const ids = new Set(reviews.shoppers.map((s) => s.id));
    expect(ids.size).toBe(reviews.shoppers.length);
    expect(new Set(reviews.comments.map((c) => c.userId))).toEqual(ids);
    for (const shopper of reviews.shoppers) {
      expect(shopper.type).toBe('User');
      expect(shopper.email.endsWith(`@${SEEDED_SHOPPER_DOMAIN}`)).toBe(true);
      expect(PATTERNS.username.test(shopper.username), shopper.username).toBe(false);
      const firstOrder = reviews.orders
        .filter((o) => o.userId === shopper.id)
        .map((o) => o.createdAt)
        .sort()[0]!;
      expect(shopper.createdAt < firstOrder).toBe(true);
    }
    const demo = new Set(DEMO_PEOPLE.flatMap((p) => [p.id, p.email, p.username.toLowerCase()]));
    expect(reviews.shoppers.some((s) => demo.has(s.id) || demo.has(s.email) || demo.has(s.username.toLowerCase()))).toBe(false);
  });
});
