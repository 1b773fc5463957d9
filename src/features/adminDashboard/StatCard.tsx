import * as styles from './AdminDashboardPage.css';

/** One of the dashboard's figures: its title, the figure, and the counts it is made of. */
export function StatCard({
  id,
  title,
  figure,
  details,
}: {
  id: string;
  title: string;
  figure: string;
  details: [label: string, value: number][];
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      <p className={styles.figure}>{figure}</p>
      <dl className={styles.details}>
        {details.map(([label, value]) => (
          <div key={label} className={styles.detail}>
            <dt>{label}</dt>
            <dd className={styles.value}>{count(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A count as people read it: 1,204. */
export const count = (n: number) => n.toLocaleString('en-US');
