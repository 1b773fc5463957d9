// `npm run screenshots [folder]`: every story of the Storybook, built afresh,
// photographed at phone and desktop width, as first rendered and after its
// play function (a story whose play clicks Retry shows its failure, then its
// recovery), and one index.html gallery that puts both widths of each story
// side by side, grouped by title, so a designer sees every screen state at
// once. The folder defaults to node_modules/.cache/screenshots/out.
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const STORYBOOK_DIR = resolve('node_modules/.cache/screenshots/storybook');
const OUT_DIR = resolve(process.argv[2] ?? 'node_modules/.cache/screenshots/out');
const PORTS = [4450, 4451, 4452, 4453, 4454, 4455, 4456, 4457, 4458, 4459];
const WIDTHS = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
];
// One browser page per core: more only slows every page down.
const LANES = availableParallelism();
const RENDER_TIMEOUT = 20_000;
// A story has rendered into its root, or only a dialog in a portal of its own, or failed.
const RENDERED =
  ['#storybook-root > *', '[role="dialog"]', '[role="alertdialog"]'].map((inside) => `body.sb-show-main ${inside}`).join(', ') +
  ', body.sb-show-errordisplay';
// Storybook's phases of a story's render that end it: its play, if it plays one, is over.
const SETTLED = ['finished', 'errored', 'aborted'];
// Stories whose calls never answer (their loading state) never reach network idle: they are shot after this wait.
const IDLE_TIMEOUT = 3_000;
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const started = performance.now();
const build = spawnSync(
  resolve('node_modules/.bin/storybook'),
  ['build', '--output-dir', STORYBOOK_DIR, '--quiet', '--disable-telemetry'],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const index = JSON.parse(await readFile(join(STORYBOOK_DIR, 'index.json'), 'utf8'));
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
await mkdir(OUT_DIR, { recursive: true });

const server = await serve(STORYBOOK_DIR);
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const problems = [];
/** The images (story and width) that a story's play changed: the story is shown as first rendered too. */
const changedByPlay = new Set();
try {
  const queue = stories.flatMap((story) => WIDTHS.map((width) => ({ story, width })));
  const total = queue.length;
  let done = 0;
  const lane = async () => {
    for (let shot = queue.shift(); shot; shot = queue.shift()) {
      const problem = await photograph(shot.story, shot.width);
      if (problem) problems.push(`${shot.story.id} (${shot.width.label}): ${problem}`);
      if (++done % 25 === 0 || done === total) console.log(`${done}/${total} images`);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
} finally {
  await browser.close();
  server.close();
}

await writeFile(join(OUT_DIR, 'index.html'), gallery(stories));
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const played = stories.filter(changedAtEitherWidth).length;
console.log(
  `\n${stories.length} stories (${played} changed by their play, shown as first rendered too), ${(stories.length + played) * WIDTHS.length} images, ${seconds} s`,
);
console.log(`Gallery: ${join(OUT_DIR, 'index.html')}`);
if (problems.length > 0) {
  console.log(`\nNot rendered cleanly (${problems.length}):`);
  for (const problem of problems) console.log(`  ${problem}`);
  process.exitCode = 1;
}

/** The built Storybook on the first free port of the range kept for ad-hoc servers. */
async function serve(root) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    const found = file.startsWith(root + sep) && (await stat(file).catch(() => null))?.isFile();
    if (!found) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  for (const port of PORTS) {
    const listening = await new Promise((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (listening) return server;
  }
  throw new Error(`No free port in ${PORTS[0]}-${PORTS.at(-1)}`);
}

/**
 * One story at one width, after its play (the story's image) and as first
 * rendered (Storybook plays no play function in an embedded story), the
 * second kept only when it differs.
 * @returns {Promise<string | undefined>} what went wrong, if anything
 */
async function photograph(story, width) {
  try {
    const played = await shot(story, width, { embed: false });
    await writeFile(join(OUT_DIR, imageName(story, width, 'played')), played.image);
    if (played.error) return played.error;
    const first = await shot(story, width, { embed: true });
    if (first.error) return `as first rendered: ${first.error}`;
    if (first.image.equals(played.image)) return undefined;
    changedByPlay.add(imageName(story, width, 'first'));
    await writeFile(join(OUT_DIR, imageName(story, width, 'first')), first.image);
    return undefined;
  } catch (error) {
    return error.message.split('\n')[0];
  }
}

/**
 * The story in a context of its own (each story sets up its own storage and
 * mock worker), photographed once it has settled, its root holds something
 * and the network is idle or the idle wait is over; a story that failed is
 * photographed with its error showing.
 * @returns {Promise<{ image: Buffer, error?: string }>}
 */
async function shot(story, width, { embed }) {
  const context = await browser.newContext({ viewport: width.viewport });
  try {
    const page = await context.newPage();
    let error;
    try {
      await page.goto(`${origin}/iframe.html?id=${story.id}&viewMode=story${embed ? '&embed=true' : ''}`);
      await page.waitForSelector(RENDERED, { state: 'attached', timeout: RENDER_TIMEOUT });
      await page.waitForFunction((settled) => settled.includes(window.__STORYBOOK_PREVIEW__?.currentRender?.phase), SETTLED, {
        timeout: RENDER_TIMEOUT,
      });
      await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT }).catch(() => {});
      await page.evaluate(() => document.fonts.ready);
      error = await page.evaluate(() =>
        document.body.classList.contains('sb-show-errordisplay') ? document.getElementById('error-message')?.textContent : undefined,
      );
    } catch (failure) {
      error = failure.message.split('\n')[0];
    }
    return { image: await page.screenshot({ fullPage: true, animations: 'disabled' }), ...(error ? { error } : {}) };
  } finally {
    await context.close();
  }
}

function imageName(story, width, moment) {
  return `${story.id}--${width.label}${moment === 'first' ? '--first' : ''}.png`;
}

function changedAtEitherWidth(story) {
  return WIDTHS.some((width) => changedByPlay.has(imageName(story, width, 'first')));
}

function gallery(stories) {
  const titles = new Map();
  for (const story of stories) titles.set(story.title, [...(titles.get(story.title) ?? []), story]);
  const sections = [...titles].map(([title, group]) => {
    const figures = group.map((story) => {
      const moments = changedAtEitherWidth(story)
        ? [
            ['first', 'as first rendered'],
            ['played', 'after its play'],
          ]
        : [['played', '']];
      const rows = moments.map(([moment, label]) => {
        const images = WIDTHS.map((width) => {
          // A width its play left as it was is the same image at both moments.
          const src = imageName(story, width, changedByPlay.has(imageName(story, width, 'first')) ? moment : 'played');
          const alt = `${title}: ${story.name}${label && `, ${label}`}, ${width.label} (${width.viewport.width} px)`;
          return `<a href="${src}"><img class="${width.label}" src="${src}" alt="${escape(alt)}" loading="lazy"></a>`;
        });
        return `${label && `<p>${escape(label[0].toUpperCase() + label.slice(1))}</p>`}<div class="shots">${images.join('')}</div>`;
      });
      return `<figure><figcaption>${escape(story.name)}</figcaption>${rows.join('')}</figure>`;
    });
    return `<section><h2>${escape(title)}</h2>${figures.join('\n')}</section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Makeup shop: every story</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; background: #f4f4f4; }
  figure { margin: 0 0 2rem; }
  figcaption { font-weight: 600; margin-bottom: .5rem; }
  .shots { display: flex; gap: 1rem; align-items: flex-start; }
  img { border: 1px solid #ccc; background: #fff; }
  img.phone { width: 195px; }
  img.desktop { width: 640px; }
</style>
</head>
<body>
<h1>Every story at ${WIDTHS.map((width) => `${width.viewport.width} px`).join(' and ')} (shown at half size; click for full size)</h1>
${sections.join('\n')}
</body>
</html>
`;
}

function escape(text) {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);
}
