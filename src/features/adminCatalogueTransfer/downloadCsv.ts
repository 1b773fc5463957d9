/** Hands the browser a CSV text to save as `name`. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once click() returns; the next task is late enough to let go of the URL.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** `products-2026-03-30.csv`: what and the (local) day it was taken. */
export const csvName = (what: string, now = new Date()) =>
  `${what}-${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}.csv`;
