import { useMachine } from '@xstate/react';
import { useCallback } from 'react';
import { FIRST_ORDERS_PAGE, type OrderTableQuery } from '~/src/domain/orderTable';
import { ConfirmDialog } from '~/src/ui/ConfirmDialog/ConfirmDialog';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { orderStatusLogic, type OrderStatusActors } from './orderStatus.logic';
import { OrdersPager } from './OrdersPager';
import { OrdersToolbar } from './OrdersToolbar';
import { OrdersView } from './OrdersView';
import * as styles from './OrdersPage.css';

interface OrdersProps {
  admin: boolean;
  actors: OrderStatusActors;
  /** The order just placed (/order?new=), marked in the list when it is there. */
  newOrderId?: number | null;
}

/** /order and /admin/orders: the reader's orders (an Admin's: everyone's, searched, filtered and paged, with the status controls). */
export function OrdersPage(props: OrdersProps) {
  return (
    <section className={styles.page} aria-labelledby="orders-title">
      <h1 id="orders-title" className={styles.title}>
        Orders
      </h1>
      <OrdersList {...props} labelledBy="orders-title" />
    </section>
  );
}

/** Whether the Admin narrowed the list: then an empty page says that nothing matches, not that there are no orders. */
const narrowed = ({ search, status }: OrderTableQuery) => search.trim() !== FIRST_ORDERS_PAGE.search || status !== FIRST_ORDERS_PAGE.status;

/** The orders with their load states and, for an Admin, the search, status filter, pages and status controls; `labelledBy` names the table. */
export function OrdersList({ admin, actors, labelledBy, newOrderId = null }: OrdersProps & { labelledBy: string }) {
  const [state, send] = useMachine(orderStatusLogic(actors));
  const { orders, error, confirming, query, total } = state.context;
  const ask = useCallback((asked: Partial<OrderTableQuery>) => send({ type: 'QUERY', asked }), [send]);
  const list = state.hasTag('loading') ? (
    <Spinner label="Loading orders" />
  ) : state.matches('failed') ? (
    <ErrorState message="The orders could not be loaded." onRetry={() => send({ type: 'RETRY' })} />
  ) : (
    <>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <OrdersView
        orders={orders}
        admin={admin}
        labelledBy={labelledBy}
        newOrderId={newOrderId}
        {...(admin && narrowed(query) ? { empty: 'No orders match the search and status.' } : {})}
        controls={
          admin
            ? {
                busy: state.hasTag('busy'),
                onSetStatus: (orderId, status) => send({ type: 'SET_STATUS', orderId, status }),
                onCancel: (orderId) => send({ type: 'CANCEL', orderId }),
              }
            : undefined
        }
      />
      <ConfirmDialog
        open={state.matches({ ready: 'confirmingCancel' })}
        title={`Cancel order #${confirming}?`}
        message="The order leaves the list and its products go back in stock."
        confirmLabel="Cancel order"
        dismissLabel="Keep order"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onDismiss={() => send({ type: 'DISMISS' })}
      />
    </>
  );
  if (!admin) return list;
  return (
    <div className={styles.list}>
      <OrdersToolbar query={query} onAsk={ask} />
      {list}
      <OrdersPager query={query} total={total} onAsk={ask} />
    </div>
  );
}
