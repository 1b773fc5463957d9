import { catalogueImportMachine } from '~/machines/catalogueImport.machine';
import { catalogueImportActors } from './catalogueImport.actors';

/** Catalogue import as the app runs it: its calls (catalogueImportActors); `catalogueChanged` is told how many products an import created. */
export const catalogueImportLogic = ({ catalogueChanged }: { catalogueChanged(created: number): void }) =>
  catalogueImportMachine.provide({
    actors: catalogueImportActors,
    actions: { catalogueChanged: ({ context }) => catalogueChanged(context.created) },
  });
