import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { catalogueImportMachine } from '../../machines/catalogueImport.machine';
import { catalogueImportLogic } from '../../src/features/adminCatalogueTransfer/catalogueImportLogic';
import { catalogueImportModel, CSV_FILES } from './catalogueImport.model';
import { NOT_ADMIN } from './productForm.model';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';

type Snapshot = SnapshotFrom<typeof catalogueImportMachine>;

/**
 * Catalogue import on the mock backend as the app provides it
 * (catalogueImportLogic: the file read by the domain's reader, the rows
 * sent in one call), the products it tells the storefront of counted.
 */
const catalogueImportBinding: MachineBinding = {
  name: 'catalogueImport',
  async open(shop) {
    const admin = await shop.signIn('admin');
    const before = (await shop.backend.store.listProducts()).length;
    /** The rows the imports said done created, as the storefront was told of them. */
    let created = 0;
    return {
      logic: catalogueImportLogic({ catalogueChanged: (count) => void (created += count) }),
      /** A refused import: another Admin made this one a User just before it; any other answer finds an Admin again. */
      async arrange(outcome) {
        await shop.backend.store.updateUser(admin.id, { type: outcome.label === 'refused' ? 'User' : 'Admin' });
      },
      async send(event) {
        if (event.type !== 'CHOOSE') return event;
        const name = event.label as string;
        return { type: 'CHOOSE', file: new File([CSV_FILES[name]!], name, { type: 'text/csv' }) };
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        const held = await shop.backend.store.listProducts();
        expect(held.length - before, 'the server holds exactly the rows the imports said done created').toBe(created);
        if (snapshot.matches('done')) {
          expect(context.created, 'an import done created its good rows').toBe(context.sheet.good.length);
          for (const { product } of context.sheet.good) expect(held.some((p) => p.name === product.name), `the server holds the good row ${product.name}`).toBe(true);
        }
        if (snapshot.matches('refused')) expect(context.refusal, "a refusal says the server's why, and names no row").toEqual({ message: NOT_ADMIN, row: null, field: null });
      },
      showable: (snapshot) => ['idle', 'preview', 'done', 'refused', 'failed', 'unreadable'].some((state) => snapshot.matches(state)),
    };
  },
};

machinePaths(catalogueImportModel, catalogueImportBinding);
