import { test } from './test';

/** A phone as the back office's specs use it: narrow, touch, mobile viewport rules. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** Declares the tests `flows` declares twice: at the project's desktop width and on a phone, told which it declares. */
export function atDesktopAndPhoneWidth(flows: (width: 'desktop' | 'phone') => void): void {
  test.describe('at desktop width', () => flows('desktop'));
  test.describe('on a phone', () => {
    test.use(PHONE);
    flows('phone');
  });
}
