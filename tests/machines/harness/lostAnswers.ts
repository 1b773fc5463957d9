/**
 * Machines whose fault runs do not lose an API call's answer yet, each with
 * what goes wrong when one is lost (found by those runs): the Admin is told
 * the call failed while the backend did it, and doing it again does it
 * twice. Each is to be fixed in the app (or its binding taught what then
 * holds) and taken out of here.
 */
export const ANSWERS_NOT_LOST: Readonly<Record<string, string>> = {
  catalogueImport: 'an import whose answer is lost is said to have failed while its rows were created; importing the file again creates them twice',
  productForm: 'a new product whose answer is lost is said not saved while it was created; saving again creates a second one',
};
