import type { ReactNode } from 'react';
import * as styles from './Message.css';

/** A whole-page message: a heading, a line of text and what to do next. */
export function Message({ title, text, children }: { title: string; text: ReactNode; children?: ReactNode }) {
  return (
    <section className={styles.box}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      {children}
    </section>
  );
}
