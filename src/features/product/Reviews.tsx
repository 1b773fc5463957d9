import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { COMMENT_DELETED_MS, COMMENT_SENT_MS, ORDERS_REFRESH_AFTER_RATING_MS } from '~/src/domain/constants';
import { canReview, isAdmin } from '~/src/domain/permissions';
import type { Comment, LoggedUser, Product } from '~/src/domain/types';
import { commentTextError } from '~/src/domain/validation/comment';
import { Avatar } from '~/src/ui/Avatar/Avatar';
import { Button } from '~/src/ui/Button/Button';
import { ConfirmDialog } from '~/src/ui/ConfirmDialog/ConfirmDialog';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { notify, notifyFailure } from '~/src/ui/toast';
import { useLoad } from '~/src/ui/useLoad';
import { RatingInput } from './RatingInput';
import * as styles from './Reviews.css';
import { useBought } from './useBought';

/** What the reviews need from the API, given by the app (and by stories). */
export interface ReviewActions {
  comments(productId: number, signal: AbortSignal): Promise<Comment[]>;
  hasBought(userId: string, productId: number, signal: AbortSignal): Promise<boolean>;
  post(comment: { userId: string; productId: number; text: string }): Promise<Comment>;
  remove(commentId: number): Promise<void>;
  rate(rating: { userId: string; productId: number; rating: number }): Promise<Product>;
  /** The signed-in caller's rating of the product, null before they rate it. */
  ownRating(productId: number, signal: AbortSignal): Promise<number | null>;
}

/** Who reads the reviews: the session's user, once the session is sure. */
export interface Reviewer {
  user: LoggedUser | null;
  sessionPending: boolean;
}

export const NOT_A_BUYER = 'Only customers who bought this product can review it';
export const CANNOT_REVIEW = 'Your account cannot write reviews';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The product's comments, newest first, and (for a buyer who may review) the rating and comment forms. */
export function Reviews({
  product,
  reviewer,
  actions,
  onRated,
}: {
  product: Product;
  reviewer: Reviewer;
  actions: ReviewActions;
  onRated(product: Product): void;
}) {
  const { user } = reviewer;
  const loaded = useLoad((signal) => actions.comments(product.id, signal), [product.id]);
  const [added, setAdded] = useState<Comment[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  // Posted here since the load (a Retry's load may already hold them), then the loaded ones, less those deleted here.
  const comments =
    loaded.status === 'done'
      ? [...added.filter((c) => !loaded.value.some((l) => l.id === c.id)), ...loaded.value].filter((c) => !removed.includes(c.id))
      : [];

  const posted = (comment: Comment) => setAdded((list) => [comment, ...list]);
  const remove = async (comment: Comment) => {
    try {
      await actions.remove(comment.id);
      setRemoved((ids) => [...ids, comment.id]);
      notify('Comment Deleted Successfully', COMMENT_DELETED_MS);
    } catch (failure) {
      notifyFailure((failure as Error).message);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title" className={styles.title}>
        Reviews
      </h2>
      {!reviewer.sessionPending && <Review product={product} user={user} actions={actions} onRated={onRated} onPosted={posted} />}
      {loaded.status === 'loading' && <Spinner label="Loading comments" />}
      {loaded.status === 'failed' && <ErrorState message="The comments could not be loaded." onRetry={loaded.retry} />}
      {loaded.status === 'done' &&
        (comments.length === 0 ? (
          <p className={styles.note}>No comments yet.</p>
        ) : (
          <ul className={styles.list} aria-label="Comments">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} user={user} onDelete={() => remove(comment)} />
            ))}
          </ul>
        ))}
    </section>
  );
}

/** The forms for someone who may review; for anyone else, why not. */
function Review({
  product,
  user,
  actions,
  onRated,
  onPosted,
}: {
  product: Product;
  user: LoggedUser | null;
  actions: ReviewActions;
  onRated(product: Product): void;
  onPosted(comment: Comment): void;
}) {
  const { bought, refresh } = useBought(actions.hasBought, user?.id, product.id);
  const [ratedAt, setRatedAt] = useState<number | null>(null);
  // The orders are read again a moment after a rating (spec).
  useEffect(() => {
    if (ratedAt === null) return;
    const timer = setTimeout(refresh, ORDERS_REFRESH_AFTER_RATING_MS);
    return () => clearTimeout(timer);
  }, [ratedAt, refresh]);

  if (!user)
    return (
      <p className={styles.note}>
        <Link to="/login">Sign in</Link> to rate and comment on this product.
      </p>
    );
  if (user.type === 'Banned' || user.type === 'Blocked') return <p className={styles.note}>{CANNOT_REVIEW}</p>;
  if (bought === undefined) return <Spinner label="Checking your orders" />;
  if (bought === 'failed') return <ErrorState message="Your orders could not be checked." onRetry={refresh} />;
  if (!canReview(user, bought)) return <p className={styles.note}>{NOT_A_BUYER}</p>;
  return (
    <div className={styles.panel}>
      <RatingForm
        product={product}
        user={user}
        rate={actions.rate}
        ownRating={actions.ownRating}
        onRated={(rated) => {
          onRated(rated);
          setRatedAt(Date.now());
        }}
      />
      <CommentForm product={product} user={user} post={actions.post} onPosted={onPosted} />
    </div>
  );
}

/** The rating widget, starting from the rating the user gave on an earlier visit (empty if that cannot be read). */
function RatingForm({
  product,
  user,
  rate,
  ownRating,
  onRated,
}: {
  product: Product;
  user: LoggedUser;
  rate: ReviewActions['rate'];
  ownRating: ReviewActions['ownRating'];
  onRated(product: Product): void;
}) {
  const [choice, setChoice] = useState<number | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const earlier = useLoad((signal) => ownRating(product.id, signal), [product.id, user.id]);
  const earlierRating = earlier.status === 'done' ? earlier.value : null;
  useEffect(() => {
    if (earlierRating === null) return;
    setChoice((current) => current ?? earlierRating);
    setSaved((current) => current ?? earlierRating);
  }, [earlierRating]);
  const [sending, setSending] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    setSending(true);
    try {
      onRated(await rate({ userId: user.id, productId: product.id, rating: choice }));
      setSaved(choice);
    } catch (failure) {
      notifyFailure((failure as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className={styles.row} onSubmit={send}>
      <RatingInput legend="Your rating" value={choice} onChange={setChoice} />
      <Button type="submit" variant="secondary" disabled={choice === null || choice === saved || sending}>
        Send rating
      </Button>
      {saved !== null && <p className={styles.note}>You rated this product {saved} out of 5.</p>}
    </form>
  );
}

function CommentForm({
  product,
  user,
  post,
  onPosted,
}: {
  product: Product;
  user: LoggedUser;
  post: ReviewActions['post'];
  onPosted(comment: Comment): void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const problem = commentTextError(text);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      onPosted(await post({ userId: user.id, productId: product.id, text: text.trim() }));
      setText('');
      notify('comment sent successfully!', COMMENT_SENT_MS);
    } catch (failure) {
      notifyFailure((failure as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className={styles.panel} onSubmit={send} noValidate>
      <label className={styles.label} htmlFor="comment-text">
        Your comment
      </label>
      <textarea
        id="comment-text"
        className={styles.textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'comment-text-error' : undefined}
      />
      {error && (
        <p id="comment-text-error" className={styles.error}>
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={sending}>
          Send comment
        </Button>
      </div>
    </form>
  );
}

/** One comment; its author may delete it, an Admin any other after saying yes; Delete is off while its request runs. */
function CommentItem({ comment, user, onDelete }: { comment: Comment; user: LoggedUser | null; onDelete(): Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  // The dialog has no trigger of its own, so its Delete button gets the focus back when it is dismissed.
  const dismiss = () => {
    setConfirming(false);
    setTimeout(() => actions.current?.querySelector('button')?.focus());
  };
  const own = user?.id === comment.userId;
  const deletable = own || isAdmin(user);
  const { username, img } = comment.user;
  const remove = async () => {
    setConfirming(false);
    setDeleting(true);
    try {
      await onDelete();
    } finally {
      setDeleting(false);
    }
  };
  return (
    <li className={styles.comment}>
      <Avatar src={img} name={username} size={40} />
      <div>
        <p className={styles.meta}>
          <span className={styles.author}>{username}</span>
          <time className={styles.date} dateTime={comment.createdAt}>
            {date.format(new Date(comment.createdAt))}
          </time>
        </p>
        <p className={styles.text}>{comment.text}</p>
        {deletable && (
          <div className={styles.actions} ref={actions}>
            <Button
              variant="secondary"
              aria-label={`Delete comment by ${username}`}
              disabled={deleting}
              onClick={() => (own ? remove() : setConfirming(true))}
            >
              Delete
            </Button>
            <ConfirmDialog
              open={confirming}
              title={`Delete the comment by ${username}?`}
              message="It is removed for everyone and cannot be undone."
              confirmLabel="Delete comment"
              dismissLabel="Keep comment"
              onConfirm={remove}
              onDismiss={dismiss}
            />
          </div>
        )}
      </div>
    </li>
  );
}
