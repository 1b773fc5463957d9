import { useState } from 'react';

/**
 * For parts the first paint does not need (the account menu, the side menu):
 * their code is fetched when the pointer or focus comes near, and they are
 * mounted, already open, on the first click.
 */
export function useOnDemand(load: () => Promise<unknown>, popup: 'menu' | 'dialog') {
  const [opened, setOpened] = useState(false);
  const prefetch = () => void load();
  return {
    opened,
    triggerProps: {
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => setOpened(true),
      'aria-haspopup': popup,
      'aria-expanded': false,
    },
  };
}
