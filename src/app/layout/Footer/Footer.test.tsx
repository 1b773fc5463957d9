// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { Footer } from './Footer';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const copyright = (root: HTMLElement) => root.querySelector('footer small')?.textContent;

it('a page the server made last year hydrates without a mismatch, then shows this year', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 31, 23, 58));
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Footer />);
  expect(copyright(root)).toBe('© 2026 Rouge Makeup Shop. All rights reserved.');

  vi.setSystemTime(new Date(2027, 0, 1, 0, 2));
  const logged = vi.spyOn(console, 'error');
  const recovered: unknown[] = [];
  const hydrated = await act(async () => hydrateRoot(root, <Footer />, { onRecoverableError: (error) => recovered.push(error) }));

  expect(recovered).toEqual([]);
  expect(logged).not.toHaveBeenCalled();
  expect(copyright(root)).toBe('© 2027 Rouge Makeup Shop. All rights reserved.');
  act(() => hydrated.unmount());
});
