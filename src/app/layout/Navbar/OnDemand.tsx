import { Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

export interface TriggerProps {
  onPointerEnter(): void;
  onFocus(): void;
  onClick(): void;
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': false;
}

interface OnDemandProps<P extends object> {
  Lazy: LazyExoticComponent<ComponentType<P>>;
  load: () => Promise<unknown>;
  popup: 'menu' | 'dialog';
  renderTrigger(props: TriggerProps): ReactElement;
  props: P;
}

/**
 * For parts the first paint does not need (the account menu, the side menu):
 * a plain trigger first; their code is fetched when the pointer or focus comes
 * near, and they are mounted, already open, on the first click.
 */
export function OnDemand<P extends object>({ Lazy, load, popup, renderTrigger, props }: OnDemandProps<P>) {
  const [opened, setOpened] = useState(false);
  const prefetch = () => void load();
  const trigger = renderTrigger({
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () => setOpened(true),
    'aria-haspopup': popup,
    'aria-expanded': false,
  });
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <Lazy {...props} />
    </Suspense>
  );
}
