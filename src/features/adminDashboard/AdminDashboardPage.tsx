import type { components } from '~/src/api/schema';
import { api } from '~/src/api/client';
import { dataOf } from '~/src/api/replies';
import { formatAdminPrice } from '~/src/domain/price';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { useLoad } from '~/src/ui/useLoad';
import * as styles from './AdminDashboardPage.css';
import { SalesChart } from './SalesChart';
import { count, StatCard } from './StatCard';

type Stats = components['schemas']['Stats'];

const FAILED = 'The dashboard could not be loaded.';

const loadStats = async (signal: AbortSignal) => dataOf(await api.GET('/stats', { signal }), { failure: FAILED });

/** /admin/dashboard: the spec's three stat cards and the sales of the last 30 days, as the server counts them now. */
export default function AdminDashboardPage() {
  const stats = useLoad(loadStats, []);
  return (
    <section className={styles.page} aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className={styles.title}>
        Dashboard
      </h1>
      {stats.status === 'loading' ? (
        <Spinner label="Loading dashboard" />
      ) : stats.status === 'failed' ? (
        <ErrorState message={FAILED} onRetry={stats.retry} />
      ) : (
        <Figures stats={stats.value} />
      )}
    </section>
  );
}

function Figures({ stats: { products, users, sales, salesPerDay } }: { stats: Stats }) {
  return (
    <>
      <div className={styles.cards}>
        <StatCard
          id="stat-products"
          title="Active products"
          figure={count(products.active)}
          details={[
            ['Total products', products.total],
            ['Unavailable', products.unavailable],
          ]}
        />
        <StatCard
          id="stat-users"
          title="Total users"
          figure={count(users.total)}
          details={[
            ['Admins', users.admins],
            ['Users', users.users],
            ['Banned', users.banned],
            ['Blocked', users.blocked],
          ]}
        />
        <StatCard id="stat-sales" title="Total sales" figure={formatAdminPrice(sales.total)} details={[['Total orders', sales.orders]]} />
      </div>
      <SalesChart days={salesPerDay} />
    </>
  );
}
