import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the user bought the product (undefined while it is checked or when
 * nobody is signed in, 'failed' when it could not be). `refresh` checks again
 * quietly: the last answer stays until the new one comes.
 */
export function useBought(
  hasBought: (userId: string, productId: number, signal: AbortSignal) => Promise<boolean>,
  userId: string | undefined,
  productId: number,
) {
  const key = `${userId}:${productId}`;
  const [answer, setAnswer] = useState<{ key: string; bought: boolean | 'failed' } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    hasBought(userId, productId, controller.signal).then(
      (bought) => !controller.signal.aborted && setAnswer({ key, bought }),
      () =>
        !controller.signal.aborted &&
        setAnswer((last) => (last?.key === key && last.bought !== 'failed' ? last : { key, bought: 'failed' })),
    );
    return () => controller.abort();
  }, [hasBought, userId, productId, key, version]);
  const refresh = useCallback(() => setVersion((n) => n + 1), []);
  return { bought: answer?.key === key ? answer.bought : undefined, refresh };
}
