import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cartModel } from './cart.model';
import { modelPaths } from './harness/model';

/** docs/qa.md's commands for running one scenario or one path alone, each with the file it names and the title it asks for. */
async function documentedCommands(): Promise<{ file: string; title: string }[]> {
  const docs = await readFile('docs/qa.md', 'utf8');
  return [...docs.matchAll(/npx vitest run --project machines (\S+) -t "([^"]+)"/g)].map(([, file, title]) => ({ file: file!, title: title! }));
}

describe("docs/qa.md's commands", () => {
  it('each select a test of the file they name', async () => {
    const commands = await documentedCommands();
    expect(commands.map((command) => command.file)).toEqual(['tests/machines/scenarios/cart.scenarios.test.ts', 'tests/machines/cart.test.ts']);
    const [scenario, path] = commands;
    expect(await readFile(scenario!.file, 'utf8')).toContain(scenario!.title);
    expect(modelPaths(cartModel).map((modelPath) => modelPath.name)).toContain(path!.title);
  });
});
