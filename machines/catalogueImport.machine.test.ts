import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CatalogueFileProblem, type CatalogueSheet, type ImportRow } from '~/src/domain/catalogueCsv';
import { catalogueImportMachine, ImportRefused } from './catalogueImport.machine';

const row = (n: number, name: string): ImportRow => ({
  row: n,
  product: {
    name,
    price: 18.5,
    brand: 'nyx',
    category: 'foundation',
    stock: 7,
    description: 'A light primer.',
    image: '/uploads/p.webp',
    discount: 0,
  },
});

const SHEET: CatalogueSheet = {
  good: [row(2, 'Glow Primer'), row(4, 'Brow Pencil')],
  bad: [{ row: 3, problems: [{ field: 'price', value: 'x', message: 'This value cannot be less than 0 and a maximum of 20 digits' }] }],
};

/** What the server answered an import of SHEET's good rows: how many products it created. */
const CREATED = 2;

type Reply<T> = { ok: T } | { error: unknown } | 'never';

/**
 * The machine with a file reader and a server that compute nothing: each call answers
 * with the next reply queued for it (or, when none is queued, the sheet
 * above, and for an import the two products the server created from its
 * good rows); calls and effects are recorded.
 */
function start() {
  const queued = { parse: [] as Reply<CatalogueSheet>[], importRows: [] as Reply<number>[] };
  const calls = { parse: [] as string[], importRows: [] as ImportRow[][], keys: [] as string[] };
  const effects: string[] = [];
  const answer = <T>(replies: Reply<T>[], fallback: () => T) => {
    const reply = replies.shift() ?? { ok: fallback() };
    if (reply === 'never') return new Promise<T>(() => {});
    return 'ok' in reply ? Promise.resolve(reply.ok) : Promise.reject(reply.error);
  };
  const machine = catalogueImportMachine.provide({
    actors: {
      parse: fromPromise(async ({ input }) => {
        calls.parse.push(input.file.name);
        return answer(queued.parse, () => SHEET);
      }),
      importRows: fromPromise(async ({ input }) => {
        calls.importRows.push(input.rows);
        calls.keys.push(input.key);
        return answer(queued.importRows, () => CREATED);
      }),
    },
    actions: { catalogueChanged: () => effects.push('catalogue changed') },
  });
  const actor = createActor(machine).start();
  return { actor, snapshot: () => actor.getSnapshot(), queued, calls, effects };
}

const csv = (name = 'catalogue.csv') => new File(['name,price\n'], name, { type: 'text/csv' });

async function toPreview(run: ReturnType<typeof start>) {
  run.actor.send({ type: 'CHOOSE', file: csv() });
  await waitFor(run.actor, (s) => s.matches('preview'));
}

/** A file chosen and confirmed, its import failing: the machine in failed. */
async function failedImport() {
  const run = start();
  run.queued.importRows.push({ error: new Error('The request failed.') });
  await toPreview(run);
  run.actor.send({ type: 'CONFIRM' });
  await waitFor(run.actor, (s) => s.matches('failed'));
  return run;
}

describe('catalogue-import machine', () => {
  it('idle -> CHOOSE -> parsing: the chosen file is read', () => {
    const run = start();
    run.queued.parse.push('never');
    expect(run.snapshot().matches('idle')).toBe(true);
    run.actor.send({ type: 'CHOOSE', file: csv('spring.csv') });
    expect(run.snapshot().matches('parsing')).toBe(true);
    expect(run.calls.parse).toEqual(['spring.csv']);
  });

  it('parsing -> preview: the good and bad rows kept, nothing imported', async () => {
    const run = start();
    await toPreview(run);
    expect(run.snapshot().context).toMatchObject({ fileName: 'catalogue.csv', sheet: SHEET, problem: null });
    expect(run.calls.importRows).toEqual([]);
  });

  it('parsing -> unreadable when the file cannot be imported as a whole: its reason; CLOSE -> idle', async () => {
    const run = start();
    run.queued.parse.push({ error: new CatalogueFileProblem('The header row lacks the columns price, stock.') });
    run.actor.send({ type: 'CHOOSE', file: csv() });
    await waitFor(run.actor, (s) => s.matches('unreadable'));
    expect(run.snapshot().context.problem).toBe('The header row lacks the columns price, stock.');
    run.actor.send({ type: 'CLOSE' });
    expect(run.snapshot().matches('idle')).toBe(true);
  });

  it('unreadable without a reason from the reader: the file could not be read', async () => {
    const run = start();
    run.queued.parse.push({ error: 'NotReadableError' });
    run.actor.send({ type: 'CHOOSE', file: csv() });
    await waitFor(run.actor, (s) => s.matches('unreadable'));
    expect(run.snapshot().context.problem).toBe('The file could not be read.');
  });

  it('preview -> CANCEL -> idle: nothing is written', async () => {
    const run = start();
    await toPreview(run);
    run.actor.send({ type: 'CANCEL' });
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.calls.importRows).toEqual([]);
    expect(run.effects).toEqual([]);
  });

  it('preview: CONFIRM does nothing when no row is good; a second CHOOSE is ignored until the dialog is left', async () => {
    const run = start();
    run.queued.parse.push({ ok: { good: [], bad: SHEET.bad } });
    await toPreview(run);
    run.actor.send({ type: 'CONFIRM' });
    run.actor.send({ type: 'CHOOSE', file: csv('other.csv') });
    expect(run.snapshot().matches('preview')).toBe(true);
    expect(run.calls).toEqual({ parse: ['catalogue.csv'], importRows: [], keys: [] });
  });

  it('preview -> CONFIRM -> importing: only the good rows are sent; CANCEL and another CONFIRM wait for the answer', async () => {
    const run = start();
    run.queued.importRows.push('never');
    await toPreview(run);
    run.actor.send({ type: 'CONFIRM' });
    expect(run.snapshot().matches('importing')).toBe(true);
    run.actor.send({ type: 'CANCEL' });
    run.actor.send({ type: 'CONFIRM' });
    expect(run.snapshot().matches('importing')).toBe(true);
    expect(run.calls.importRows).toEqual([SHEET.good]);
  });

  it('importing -> done: the count created, the storefront told once; CLOSE -> idle', async () => {
    const run = start();
    await toPreview(run);
    run.actor.send({ type: 'CONFIRM' });
    await waitFor(run.actor, (s) => s.matches('done'));
    expect(run.snapshot().context.created).toBe(2);
    expect(run.effects).toEqual(['catalogue changed']);
    run.actor.send({ type: 'CLOSE' });
    expect(run.snapshot().matches('idle')).toBe(true);
  });

  it("importing -> refused: the server's message at the file's row and field; nothing told; CLOSE -> idle, and a new file starts clean", async () => {
    const run = start();
    run.queued.importRows.push({
      error: new ImportRefused('description must hold at least 4 characters of text.', 'products.1.description'),
    });
    await toPreview(run);
    run.actor.send({ type: 'CONFIRM' });
    await waitFor(run.actor, (s) => s.matches('refused'));
    expect(run.snapshot().context.refusal).toEqual({
      message: 'description must hold at least 4 characters of text.',
      row: 4,
      field: 'description',
    });
    expect(run.effects).toEqual([]);
    run.actor.send({ type: 'CLOSE' });
    expect(run.snapshot().matches('idle')).toBe(true);
    await toPreview(run);
    expect(run.snapshot().context).toMatchObject({ refusal: null, created: 0, problem: null });
  });

  it('importing -> refused naming no row sent: the message alone', async () => {
    const run = start();
    run.queued.importRows.push({ error: new ImportRefused('Only an Admin may do this.') });
    await toPreview(run);
    run.actor.send({ type: 'CONFIRM' });
    await waitFor(run.actor, (s) => s.matches('refused'));
    expect(run.snapshot().context.refusal).toEqual({ message: 'Only an Admin may do this.', row: null, field: null });
  });

  it('importing -> failed when the server cannot be reached; RETRY -> importing sends the same rows -> done', async () => {
    const run = await failedImport();
    expect(run.effects).toEqual([]);
    run.actor.send({ type: 'RETRY' });
    expect(run.snapshot().matches('importing')).toBe(true);
    await waitFor(run.actor, (s) => s.matches('done'));
    expect(run.calls.importRows).toEqual([SHEET.good, SHEET.good]);
    expect(run.calls.keys[1], 'the retry sends the same Idempotency-Key: an import whose answer was lost is answered, not made twice').toBe(
      run.calls.keys[0],
    );
    expect(run.effects).toEqual(['catalogue changed']);
  });

  it('the same rows chosen again after a failed import keep its key; once done, importing them again is a new import, with a new key', async () => {
    const run = await failedImport();
    run.actor.send({ type: 'CANCEL' });
    await toPreview(run);
    run.actor.send({ type: 'CONFIRM' });
    await waitFor(run.actor, (s) => s.matches('done'));
    run.actor.send({ type: 'CLOSE' });
    await toPreview(run);
    run.actor.send({ type: 'CONFIRM' });
    await waitFor(run.actor, (s) => s.matches('done'));
    const [failed, chosenAgain, again] = run.calls.keys;
    expect(chosenAgain).toBe(failed);
    expect(again).not.toBe(failed);
  });

  it('failed -> CANCEL -> idle: nothing more is sent', async () => {
    const run = await failedImport();
    run.actor.send({ type: 'CANCEL' });
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.calls.importRows).toHaveLength(1);
  });

  it('its actors throw until provided', async () => {
    const actor = createActor(catalogueImportMachine).start();
    actor.send({ type: 'CHOOSE', file: csv() });
    await waitFor(actor, (s) => s.matches('unreadable'));
    expect(actor.getSnapshot().context.problem).toBe('catalogue-import machine: provide the "parse" actor');
  });
});
