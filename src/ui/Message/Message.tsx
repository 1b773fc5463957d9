import { useEffect, useRef, type ReactNode } from 'react';
import * as styles from './Message.css';

/**
 * A whole-page message: a heading, a line of text and what to do next.
 *
 * @param focusTitle the heading takes the focus when shown (a page that replaced the one asked for), so a keyboard or screen-reader user starts from it
 */
export function Message({
  title,
  text,
  focusTitle = false,
  children,
}: {
  title: string;
  text: ReactNode;
  focusTitle?: boolean;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <section className={styles.box}>
      <h1 ref={heading} className={styles.title} tabIndex={focusTitle ? -1 : undefined}>
        {title}
      </h1>
      <p className={styles.text}>{text}</p>
      {children}
    </section>
  );
}
