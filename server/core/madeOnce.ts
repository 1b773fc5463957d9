/**
 * A promise made at the first call and shared by every later one; one that
 * fails is let go of, so the next call makes it again (a failed read is
 * never kept). The arguments of the call that makes it are the ones used.
 */
export function madeOnce<A extends unknown[], T>(make: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let made: Promise<T> | undefined;
  return (...args) => {
    if (!made) {
      const making = make(...args);
      made = making;
      making.catch(() => made === making && (made = undefined));
    }
    return made;
  };
}
