import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cartModel } from './cart.model';
import { modelPaths } from './harness/model';

/** docs/qa.md's commands for running one scenario or one path alone, each with the file it names and the title it asks for. */
async function documentedCommands(): Promise<{ file: string; title: string }[]> {
  const docs = await readFile('docs/qa.md', 'utf8');
  return [...docs.matchAll(/npx vitest run --project machines (\S+) -t "([^"]+)"/g)].map(([, file, title]) => ({
    file: file!,
    title: title!,
  }));
}

/**
 * docs/qa.md's ```ts blocks, each with the file it is quoted from: the last
 * file named (in backquotes, a path ending .ts) between the block before it
 * and it, or else the one the block before it came from ("Same file").
 */
async function documentedCode(): Promise<{ file: string; code: string }[]> {
  const docs = await readFile('docs/qa.md', 'utf8');
  const blocks: { file: string; code: string }[] = [];
  let end = 0;
  for (const block of docs.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const named = [...docs.slice(end, block.index).matchAll(/`([\w./-]+\.ts)`/g)].at(-1)?.[1] ?? blocks.at(-1)?.file;
    if (!named) throw new Error(`docs/qa.md: a ts block names no file: ${block[1]!.slice(0, 80)}`);
    blocks.push({ file: named, code: block[1]! });
    end = block.index + block[0].length;
  }
  return blocks;
}

describe("docs/qa.md's code", () => {
  it('each ts block appears verbatim in the file it names', async () => {
    const blocks = await documentedCode();
    expect(blocks.length, 'the examples are checked').toBeGreaterThan(0);
    for (const { file, code } of blocks) {
      const source = await readFile(file, 'utf8');
      // The docs show a block dedented: it must be in the file with every line indented alike.
      const indents = [...new Set([...source.matchAll(/^ */gm)].map(([spaces]) => spaces))];
      const found = indents.some((indent) => source.includes(code.replace(/^(?=.)/gm, indent)));
      expect(found, `docs/qa.md quotes ${file} as it is:\n${code}`).toBe(true);
    }
  });
});

describe("docs/qa.md's commands", () => {
  it('each select a test of the file they name', async () => {
    const commands = await documentedCommands();
    expect(commands.map((command) => command.file)).toEqual([
      'tests/machines/scenarios/cart.scenarios.test.ts',
      'tests/machines/cart.test.ts',
    ]);
    const [scenario, path] = commands;
    expect(await readFile(scenario!.file, 'utf8')).toContain(scenario!.title);
    expect(modelPaths(cartModel).map((modelPath) => modelPath.name)).toContain(path!.title);
  });
});
