import { useMachine } from '@xstate/react';
import { ConfirmDialog } from '../../ui/ConfirmDialog/ConfirmDialog';
import { ErrorState } from '../../ui/ErrorState/ErrorState';
import { Spinner } from '../../ui/Spinner/Spinner';
import { ordersLogic, type OrdersActors } from './ordersLogic';
import { OrdersView } from './OrdersView';
import * as styles from './OrdersPage.css';

interface OrdersProps {
  admin: boolean;
  actors: OrdersActors;
}

/** /order and /admin/orders: the reader's orders (an Admin's: everyone's, with the status controls). */
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

/** The orders with their load states and, for an Admin, the status controls; `labelledBy` names the table. */
export function OrdersList({ admin, actors, labelledBy }: OrdersProps & { labelledBy: string }) {
  const [state, send] = useMachine(ordersLogic(actors));
  const { orders, error, confirming } = state.context;
  return state.hasTag('loading') ? (
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
}
