import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { fullPrice } from '~/tests/fixtures/catalogue';
import { ADMIN, SHOPPER } from '~/tests/fixtures/users';
import type { Comment, LoggedUser, Product } from '~/src/domain/types';
import { reviewCountLabel } from '~/src/domain/rating';
import { Stars } from '~/src/ui/Stars/Stars';
import { CANNOT_REVIEW, NOT_A_BUYER, Reviews, type ReviewActions } from './Reviews';

const BANNED: LoggedUser = { id: 'user-carla', type: 'Banned', username: 'carlamendes', email: 'carla@makeup.test', img: null };

const comment = (id: number, user: LoggedUser, text: string, createdAt: string): Comment => ({
  id,
  text,
  userId: user.id,
  productId: fullPrice.id,
  createdAt,
  user: { username: user.username, img: user.img },
});
const OTHERS = [
  comment(2, { ...ADMIN, username: 'brunosilva', id: 'user-bruno' }, 'Lovely colour, <b>lasts</b> all day.', '2026-10-02T10:00:00.000Z'),
  comment(1, { ...ADMIN, username: 'elenagarcia', id: 'user-elena', img: '/missing-avatar.png' }, 'A bit dry.', '2026-09-01T10:00:00.000Z'),
];

/** An in-memory API: the comments given, whether the reader bought the product, and a rating that becomes the rank. */
function fakeActions({
  comments = [] as Comment[],
  bought = true,
  failLoads = 0,
  rated = null as number | null,
  removals = [] as number[],
} = {}): ReviewActions {
  let list = [...comments];
  let own = rated;
  let failures = failLoads;
  let nextId = 100;
  return {
    comments: async () => {
      if (failures-- > 0) throw new Error('down');
      return list;
    },
    hasBought: async () => bought,
    post: async ({ userId, productId, text }) => {
      const user = [SHOPPER, ADMIN, BANNED].find((u) => u.id === userId)!;
      const created = comment(nextId++, user, text, new Date().toISOString());
      list = [created, ...list.filter((c) => c.productId === productId)];
      return created;
    },
    remove: async (commentId) => {
      removals.push(commentId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      list = list.filter((c) => c.id !== commentId);
    },
    rate: async ({ rating }) => {
      own = rating;
      return { ...fullPrice, rank: rating, reviews: 1 };
    },
    ownRating: async () => own,
  };
}

/** The reviews under the product's stars, which a rating updates (as the detail page does). */
function WithStars({ user, actions }: { user: LoggedUser | null; actions: ReviewActions }) {
  const [product, setProduct] = useState<Product>({ ...fullPrice, rank: 0, reviews: 0 });
  return (
    <main>
      <Stars rank={product.rank} />
      <span>{reviewCountLabel(product.reviews)}</span>
      <Reviews product={product} reviewer={{ user, sessionPending: false }} actions={actions} onRated={setProduct} />
    </main>
  );
}

const meta = {
  title: 'Product/Reviews',
  component: WithStars,
  args: { user: SHOPPER, actions: fakeActions() },
  parameters: { route: `/detail/${fullPrice.id}` },
} satisfies Meta<typeof WithStars>;
export default meta;
type Story = StoryObj<typeof meta>;

export const None: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No comments yet.')).toBeVisible();
    await expect(await canvas.findByRole('group', { name: 'Your rating' })).toBeVisible();
  },
};

/** Newest first, the text as plain text (no markup runs), the avatar's initial where the photo is missing. */
export const Some: Story = {
  args: { actions: fakeActions({ comments: OTHERS }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = within(await canvas.findByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('brunosilva');
    await expect(items[0]).toHaveTextContent('Oct 2, 2026');
    await expect(within(items[0]!).getByText('Lovely colour, <b>lasts</b> all day.')).toBeVisible();
    await expect(items[1]).toHaveTextContent('elenagarcia');
    await within(items[1]!).findByText('E');
    await expect(within(items[1]!).getByRole('img', { name: 'Photo of elenagarcia' })).toHaveTextContent('E');
    await expect(canvas.queryByRole('button', { name: /Delete comment/ })).toBeNull();
  },
};

/** The buyer's own comment: posted at the top of the list, then deleted; an empty one is refused with the form's message. */
export const Own: Story = {
  args: { actions: fakeActions({ comments: OTHERS }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const send = await canvas.findByRole('button', { name: 'Send comment' });
    await userEvent.click(send);
    await expect(canvas.getByRole('textbox', { name: 'Your comment' })).toHaveAccessibleDescription('This field is required');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your comment' }), 'My favourite blush');
    await userEvent.click(send);
    const first = () => within(canvas.getByRole('list', { name: 'Comments' })).getAllByRole('listitem')[0]!;
    await expect(await canvas.findByText('My favourite blush')).toBeVisible();
    await expect(first()).toHaveTextContent(SHOPPER.username);
    await userEvent.click(within(first()).getByRole('button', { name: `Delete comment by ${SHOPPER.username}` }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await expect(canvas.queryByText('My favourite blush')).toBeNull();
  },
};

/** An Admin may delete anyone's comment, once they confirm in a modal dialog that starts on the safe choice and gives focus back. */
const adminRemovals: number[] = [];
export const AdminDeletes: Story = {
  args: { user: ADMIN, actions: fakeActions({ comments: OTHERS, bought: false, removals: adminRemovals }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = await canvas.findByRole('button', { name: 'Delete comment by brunosilva' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the comment by brunosilva?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep comment' })).toHaveFocus());
    await userEvent.keyboard('[Escape]');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(canvas.getByText('Lovely colour, <b>lasts</b> all day.')).toBeVisible();
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    await expect(adminRemovals).toEqual([2]);
  },
};

/** A double click on Delete sends one request: the button is off while it runs. */
const ownRemovals: number[] = [];
export const DeleteDoubleClicked: Story = {
  args: { actions: fakeActions({ comments: [comment(7, SHOPPER, 'Mine', '2026-10-03T10:00:00.000Z'), ...OTHERS], removals: ownRemovals }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: `Delete comment by ${SHOPPER.username}` });
    await userEvent.dblClick(button);
    await expect(button).toBeDisabled();
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await expect(ownRemovals).toEqual([7]);
  },
};

export const NotABuyer: Story = {
  args: { actions: fakeActions({ comments: OTHERS, bought: false }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(NOT_A_BUYER)).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Your rating' })).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  },
};

export const Banned: Story = {
  args: { user: BANNED, actions: fakeActions({ comments: OTHERS }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(CANNOT_REVIEW)).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Your rating' })).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  },
};

export const Visitor: Story = {
  args: { user: null, actions: fakeActions({ comments: OTHERS }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(canvas.queryByRole('group', { name: 'Your rating' })).toBeNull();
  },
};

/** The comments fail to load: a failure with Retry, which shows them. */
export const FailedLoad: Story = {
  args: { actions: fakeActions({ comments: OTHERS, failLoads: 1 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent('The comments could not be loaded.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByText('A bit dry.')).toBeVisible();
  },
};

/** The rating widget by keyboard: Tab reaches it, the arrows move by half a star, the sent rating shows as the product's stars and as one's own. */
export const RateWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('group', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios).toHaveLength(10);
    await expect(radios[0]).toHaveAccessibleName('0.5 stars');
    await expect(radios[9]).toHaveAccessibleName('5 stars');
    radios[0]!.focus();
    await userEvent.keyboard('[Space]');
    await expect(radios[0]).toBeChecked();
    for (let i = 0; i < 8; i++) await userEvent.keyboard('[ArrowRight]');
    await expect(within(group).getByRole('radio', { name: '4.5 stars' })).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Send rating' })).toHaveFocus();
    await userEvent.keyboard('[Enter]');
    await expect(await canvas.findByText('You rated this product 4.5 out of 5.')).toBeVisible();
    await expect(canvas.getAllByRole('img', { name: 'Rated 4.5 out of 5' })[0]).toBeVisible();
    await expect(canvas.getByText('1 review')).toBeVisible();
  },
};

/** The buyer rated on an earlier visit: the widget starts from that rating, and a new one replaces it. */
export const OwnRatingShownOnALaterVisit: Story = {
  name: 'Own rating shown on a later visit',
  args: { actions: fakeActions({ rated: 3.5 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('group', { name: 'Your rating' });
    await expect(await within(group).findByRole('radio', { name: '3.5 stars' })).toBeChecked();
    await expect(canvas.getByText('You rated this product 3.5 out of 5.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send rating' })).toBeDisabled();
    await userEvent.click(within(group).getByRole('radio', { name: '4 stars' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send rating' }));
    await expect(await canvas.findByText('You rated this product 4 out of 5.')).toBeVisible();
  },
};
