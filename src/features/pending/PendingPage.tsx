import { ButtonLink } from '../../ui/Button/Button';
import { Message } from '../../ui/Message/Message';

/** A screen whose issue has not landed yet says so plainly. */
export function PendingPage({ title }: { title: string }) {
  return (
    <Message title={title} text="This page is not built yet.">
      <ButtonLink to="/home" variant="secondary">
        Back to the shop
      </ButtonLink>
    </Message>
  );
}
