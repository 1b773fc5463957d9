// Lists of positions (a sort's order, a group of it) and what is done with them, for the catalogue's index.

/**
 * How a patch moved the positions a list holds: each to its place in
 * `moved` (-1: left out) when products moved; or, when each product kept its
 * position, every one kept but those `taken` out, a list skipping those it
 * does not hold.
 */
export type Shift = { moved: Int32Array } | { taken: ArrayLike<number> };

/** Up to this many taken out, each is found on its own (a native scan); past it, the list is walked once against marks (marksOf). */
const FEW_TAKEN = 8;

/** 1 at each position taken out, when there are more than FEW_TAKEN of them. */
function marksOf(shift: Shift): Uint8Array | null {
  if (!('taken' in shift) || shift.taken.length <= FEW_TAKEN) return null;
  const { taken } = shift;
  let most = 0;
  for (let k = 0; k < taken.length; k++) most = Math.max(most, taken[k]!);
  const marks = new Uint8Array(most + 1);
  for (let k = 0; k < taken.length; k++) marks[taken[k]!] = 1;
  return marks;
}

/**
 * A list in order after a patch, written into `out` from `at`: its positions
 * shifted as `shift` says, keeping their order, then each of `added` (in the
 * order `compare` gives) put in its place, found by halving, the last first,
 * the kept after it moved up at once. How many it wrote.
 */
function patchInto(
  list: Uint32Array,
  shift: Shift,
  marks: Uint8Array | null,
  added: Uint32Array,
  compare: (a: number, b: number) => number,
  out: Uint32Array,
  at: number,
): number {
  let end = at;
  if ('moved' in shift) {
    const { moved } = shift;
    for (let k = 0; k < list.length; k++) {
      const position = moved[list[k]!]!;
      if (position >= 0) out[end++] = position;
    }
  } else if (shift.taken.length > FEW_TAKEN) {
    for (let k = 0; k < list.length; k++) if (marks![list[k]!] !== 1) out[end++] = list[k]!;
  } else {
    // The few taken out found, and the runs between them copied whole.
    const cuts = Array.from(shift.taken, (position) => list.indexOf(position))
      .filter((k) => k >= 0)
      .sort((a, b) => a - b);
    let from = 0;
    for (const k of [...cuts, list.length]) {
      out.set(list.subarray(from, k), end);
      end += k - from;
      from = k + 1;
    }
  }
  const written = end - at + added.length;
  for (let j = added.length - 1; j >= 0; j--) {
    const product = added[j]!;
    let low = at;
    let high = end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(out[mid]!, product) < 0) low = mid + 1;
      else high = mid;
    }
    out.copyWithin(low + j + 1, low, end);
    out[low + j] = product;
    end = low;
  }
  return written;
}

/** A list in order after a patch (patchInto), in an array of its own. */
export function patchedList(list: Uint32Array, shift: Shift, added: Uint32Array, compare: (a: number, b: number) => number): Uint32Array {
  const out = new Uint32Array(list.length + added.length);
  return out.subarray(0, patchInto(list, shift, marksOf(shift), added, compare, out, 0));
}

/** The first place in the list from which `holds` holds (it holds from some place on): found by halving. */
export function firstWhere(list: Uint32Array, holds: (position: number) => boolean): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (holds(list[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The positions of the list that pass, from the skip-th that passes up to
 * the end-th of the total that do, in the list's order: the list walked from
 * whichever of its ends is nearer to them.
 */
export function walked(list: Uint32Array, passes: (position: number) => boolean, skip: number, end: number, total: number): Uint32Array {
  const found: number[] = [];
  if (skip <= total - end) {
    for (let k = 0, seen = 0; k < list.length && seen < end; k++) if (passes(list[k]!) && seen++ >= skip) found.push(list[k]!);
    return Uint32Array.from(found);
  }
  for (let k = list.length - 1, after = 0; k >= 0 && after < total - skip; k--)
    if (passes(list[k]!) && after++ >= total - end) found.push(list[k]!);
  return Uint32Array.from(found).reverse();
}

/** Positions cut into groups, each keeping their order: group g's are positions.subarray(start[g], start[g + 1]), given by of(g). */
export interface Groups {
  start: Uint32Array;
  positions: Uint32Array;
  of(group: number): Uint32Array;
}

const groupsOf = (start: Uint32Array, positions: Uint32Array): Groups => {
  const groups = start.length - 1;
  return {
    start,
    positions,
    of: (group) => (group < 0 || group >= groups ? new Uint32Array(0) : positions.subarray(start[group], start[group + 1])),
  };
};

/** The positions in `list` grouped by their group in `groupOf` (a counting sort: each group keeps the list's order). */
export function grouped(list: Uint32Array, groups: number, groupOf: Uint32Array): Groups {
  const start = new Uint32Array(groups + 1);
  for (let k = 0; k < list.length; k++) start[groupOf[list[k]!]! + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
  const positions = new Uint32Array(list.length);
  const next = start.slice(0, groups);
  for (let k = 0; k < list.length; k++) positions[next[groupOf[list[k]!]!]!++] = list[k]!;
  return groupsOf(start, positions);
}

/**
 * Groups after a patch, `groups` of them now (a group past those there were
 * starts empty): each group's list patched (patchedList) with those of
 * `added` (in `compare`'s order) that `groupOf` puts in it, and, in place,
 * without those taken out that it puts there. What was made of the whole
 * catalogue is put right in one pass, not grouped again.
 */
export function patchedGroups(
  before: Groups,
  shift: Shift,
  added: Uint32Array,
  compare: (a: number, b: number) => number,
  groups: number,
  groupOf: Uint32Array,
): Groups {
  const addedTo = grouped(added, groups, groupOf);
  const takenFrom = 'taken' in shift ? grouped(Uint32Array.from(shift.taken), groups, groupOf) : null;
  const marks = marksOf(shift);
  const positions = new Uint32Array(before.positions.length + added.length);
  const start = new Uint32Array(groups + 1);
  for (let group = 0; group < groups; group++) {
    const its = takenFrom ? { taken: takenFrom.of(group) } : shift;
    start[group + 1] = start[group]! + patchInto(before.of(group), its, marks, addedTo.of(group), compare, positions, start[group]!);
  }
  return groupsOf(start, positions.subarray(0, start[groups]));
}

/** Each id's position: read from an array when the ids are a database's serial numbers, close to as many as the products, else from a map. */
export function positionLookup(ids: Float64Array): (value: number) => number | undefined {
  let highest = -1;
  for (const value of ids) highest = Number.isSafeInteger(value) && value >= 0 ? Math.max(highest, value) : Infinity;
  if (highest > 4 * ids.length + 1024) {
    const positions = new Map(Array.from(ids, (value, i) => [value, i]));
    return (value) => positions.get(value);
  }
  const positions = new Int32Array(highest + 1).fill(-1);
  ids.forEach((value, i) => (positions[value] = i));
  return (value) => (Number.isInteger(value) && (positions[value] ?? -1) >= 0 ? positions[value] : undefined);
}
