// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_WINDOW_MS, isFailedFile, mayReloadForFailedFile, noteFailedFile, noteReloadForFailedFile } from './failedFile';

beforeEach(() => sessionStorage.clear());

describe('isFailedFile', () => {
  it("knows a screen whose file did not load, in each browser's words and Vite's", () => {
    const failures = [
      new TypeError('Failed to fetch dynamically imported module: http://shop/assets/AboutPage-a1.js'),
      new TypeError('error loading dynamically imported module: http://shop/assets/AboutPage-a1.js'),
      new TypeError('Importing a module script failed.'),
      new Error('Unable to preload CSS for /assets/AboutPage-a1.css'),
    ];
    expect(failures.map(isFailedFile)).toEqual([true, true, true, true]);
  });

  it('knows any error Vite reported as a file that failed to load, and nothing else', () => {
    const reported = new Error('Something a browser of tomorrow says');
    expect(isFailedFile(reported)).toBe(false);
    noteFailedFile(reported);
    expect(isFailedFile(reported)).toBe(true);
    expect(
      [new Error('Cannot read properties of undefined'), 'Failed to fetch dynamically imported module', null].map(isFailedFile),
    ).toEqual([false, false, false]);
  });
});

describe('one reload for a failed file', () => {
  it('is made once: another failure within the window shows the error page, a failure after it reloads again', () => {
    const now = 1_000_000_000;
    expect(mayReloadForFailedFile(now)).toBe(true);
    expect(noteReloadForFailedFile(now)).toBe(true);
    expect(mayReloadForFailedFile(now + 1000)).toBe(false);
    expect(mayReloadForFailedFile(now + RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(mayReloadForFailedFile(now + RELOAD_WINDOW_MS)).toBe(true);
  });

  it('is never made where the tab cannot remember it, so it cannot loop', () => {
    const blocked = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(noteReloadForFailedFile(Date.now())).toBe(false);
    blocked.mockRestore();
  });
});
