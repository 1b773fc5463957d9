import type { components } from '~/src/api/schema';
import { formatAdminPrice } from '~/src/domain/price';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';
import * as styles from './SalesChart.css';

type DaySales = components['schemas']['DaySales'];

const WIDTH = 300;
const HEIGHT = 100;

/** A UTC date as `Mar 2`. */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Sales per day as bars drawn to the best day; the figures themselves in a table for screen readers. */
export function SalesChart({ days }: { days: DaySales[] }) {
  const best = days.reduce((a, b) => (b.total > a.total ? b : a), days[0]!);
  const first = dayLabel(days[0]!.day);
  const last = dayLabel(days.at(-1)!.day);
  const slot = WIDTH / days.length;
  const summary =
    best.total > 0
      ? `Sales per day from ${first} to ${last}; the best day, ${dayLabel(best.day)}, took ${formatAdminPrice(best.total)}.`
      : `No sales from ${first} to ${last}.`;
  return (
    <figure className={styles.figure} aria-labelledby="sales-chart-title">
      <figcaption id="sales-chart-title" className={styles.caption}>
        Sales in the last 30 days
      </figcaption>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        {best.total > 0 &&
          days.map((d, i) => {
            const height = (d.total / best.total) * (HEIGHT - 2);
            return <rect key={d.day} className={styles.bar} x={i * slot + 1} y={HEIGHT - height} width={slot - 2} height={height} />;
          })}
        <line className={styles.axis} x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} vectorEffect="non-scaling-stroke" />
      </svg>
      <div className={styles.ends} aria-hidden="true">
        <span>{first}</span> <span>{last}</span>
      </div>
      {best.total === 0 && <p className={styles.none}>No sales in the last 30 days.</p>}
      <div className={visuallyHidden}>
        <table>
          <caption>Sales per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{d.orders}</td>
                <td>{formatAdminPrice(d.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
