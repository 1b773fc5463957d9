import { ButtonLink } from '~/src/ui/Button/Button';
import { Message } from '~/src/ui/Message/Message';

export default function NotFoundPage() {
  return (
    <Message title="Sorry, page not found!" text="We couldn't find the page you're looking for :(">
      <ButtonLink to="/">Go Back Home</ButtonLink>
    </Message>
  );
}
