import { useEffect, useState, type DependencyList } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed' };

const same = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Runs `load` whenever `deps` change and on `retry()`: loading, then done or
 * failed (whatever `load` throws). A load its deps have moved past is
 * aborted and never shown, so nothing waits on a request that was left.
 * A null `load` cannot run yet (what it needs, such as the session, is still coming): loading.
 */
export function useLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList): Load<T> & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ deps: DependencyList; attempt: number; load: Load<T> } | null>(null);
  // `load` is a new function each render; `deps` say when it means a new load (and when it becomes ready).
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    const settle = (outcome: Load<T>) => !controller.signal.aborted && setResult({ deps, attempt, load: outcome });
    load(controller.signal).then(
      (value) => settle({ status: 'done', value }),
      () => settle({ status: 'failed' }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` stand for `load`, as the caller's deps do in useEffect
  }, [...deps, attempt]);
  const current = result && result.attempt === attempt && same(result.deps, deps) ? result.load : ({ status: 'loading' } as const);
  return { ...current, retry: () => setAttempt((n) => n + 1) };
}
