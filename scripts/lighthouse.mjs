// Lighthouse (the npm package: mobile, its default simulated throttling) on
// pages of a running shop, in one Debian Chromium: the median of each category
// score and paint metric over a few runs, and the audits that keep a category
// under 100.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath, chromiumSwitches } from './chromium.mjs';

const CATEGORIES = [
  { id: 'performance', label: 'perf' },
  { id: 'accessibility', label: 'a11y' },
  { id: 'best-practices', label: 'best' },
  { id: 'seo', label: 'seo' },
];
const seconds = (ms) => (ms / 1000).toFixed(1);
const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP s', format: seconds },
  { id: 'largest-contentful-paint', label: 'LCP s', format: seconds },
  { id: 'total-blocking-time', label: 'TBT ms', format: (ms) => ms.toFixed(0) },
  { id: 'cumulative-layout-shift', label: 'CLS', format: (shift) => shift.toFixed(3) },
  { id: 'speed-index', label: 'SI s', format: seconds },
];

/**
 * Runs Lighthouse `runs` times on each path (each run goes over all paths, so
 * a slow moment of the machine does not fall on one route only).
 * @returns {Promise<Map<string, object[]>>} each path's Lighthouse results
 */
export async function auditPages({ origin, paths, runs, debuggingPort }) {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumSwitches],
    port: debuggingPort,
    logLevel: 'silent',
  });
  const results = new Map(paths.map((path) => [path, []]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const path of paths) {
        let lhr = await audit(origin + path, chrome.port);
        // A run that failed to record (NO_NAVSTART and the like) is tried once more.
        if (lhr.runtimeError) lhr = await audit(origin + path, chrome.port);
        results.get(path).push(lhr);
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

async function audit(url, port) {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: CATEGORIES.map((category) => category.id),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The medians over a path's runs that recorded (none: an empty object): each
 * category's score out of 100 as the report rounds it, each metric's value.
 * @returns {Record<string, number>} keyed by category and audit id
 */
export function figuresOf(lhrs) {
  const ok = lhrs.filter((lhr) => !lhr.runtimeError);
  if (ok.length === 0) return {};
  return Object.fromEntries([
    ...CATEGORIES.map((c) => [c.id, Math.round(100 * median(ok.map((lhr) => lhr.categories[c.id].score ?? 0)))]),
    ...METRICS.map((m) => [m.id, median(ok.map((lhr) => lhr.audits[m.id].numericValue))]),
  ]);
}

/** As Lighthouse's report counts an audit passed. */
function failed(audit) {
  switch (audit.scoreDisplayMode) {
    case 'manual':
    case 'notApplicable':
    case 'informative':
      return false;
    case 'error':
      return true;
    default:
      return Number(audit.score) < 0.9;
  }
}

/** The category's failed audits over the runs, with how many runs failed each. The performance metrics are in the table already. */
function failedAudits(lhrs, categoryId) {
  const failures = new Map();
  for (const lhr of lhrs) {
    for (const ref of lhr.categories[categoryId].auditRefs) {
      if (ref.group === 'hidden' || (categoryId === 'performance' && ref.group === 'metrics')) continue;
      const audit = lhr.audits[ref.id];
      if (!failed(audit)) continue;
      const seen = failures.get(ref.id) ?? { audit, runs: 0 };
      seen.runs++;
      failures.set(ref.id, seen);
    }
  }
  return [...failures.values()].sort((a, b) => b.runs - a.runs);
}

/** What an audit points at (elements, console messages, files), a few of them. */
function culpritsOf(audit) {
  const { details } = audit;
  const items = (details?.type === 'list' ? details.items.flatMap((table) => table.items ?? []) : (details?.items ?? []))
    .map((item) => item.node?.selector ?? item.description ?? item.url ?? item.issueType)
    .filter((culprit) => typeof culprit === 'string')
    .map((culprit) => (culprit.length > 160 ? `${culprit.slice(0, 159)}…` : culprit));
  const culprits = [...new Set(items)];
  if (culprits.length === 0) return '';
  const shown = culprits.slice(0, 3).join(' | ');
  return culprits.length > 3 ? ` [${shown} | +${culprits.length - 3} more]` : ` [${shown}]`;
}

/** The page's largest contentful paint as Lighthouse explains it: the element, and how its time splits (to first byte, load delay, load, render delay). */
function lcpOf(lhr) {
  const [element, phases] = lhr.audits['largest-contentful-paint-element'].details?.items ?? [];
  const node = element?.items?.[0]?.node;
  if (!node) return 'no element';
  const label = node.nodeLabel.length > 60 ? `${node.nodeLabel.slice(0, 59)}…` : node.nodeLabel;
  const split = (phases?.items ?? []).map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ');
  return `<${node.snippet.match(/^<(\w+)/)?.[1] ?? '?'}> "${label}": ${split}`;
}

/** Prints the medians per path as a table, then what keeps each category under 100. */
export function printAudits(results) {
  const all = [...results.values()].flat();
  const { lighthouseVersion, environment } = all[0];
  const browser = /(?:Headless)?Chrome\/[\d.]+/.exec(environment.hostUserAgent)?.[0] ?? environment.hostUserAgent;
  const runs = Math.max(...[...results.values()].map((lhrs) => lhrs.length));
  console.log(`\nLighthouse ${lighthouseVersion} on ${browser}: mobile, simulated throttling, median of ${runs} runs`);
  const header = ['route'.padEnd(16), ...CATEGORIES.map((c) => c.label.padStart(5)), ...METRICS.map((m) => m.label.padStart(7))];
  console.log(`  ${header.join(' ')}`);

  const notes = [];
  const paints = [];
  for (const [path, lhrs] of results) {
    const errors = lhrs.filter((lhr) => lhr.runtimeError);
    for (const { runtimeError } of errors) notes.push(`  ${path}: run failed, ${runtimeError.code}: ${runtimeError.message}`);
    const ok = lhrs.filter((lhr) => !lhr.runtimeError);
    if (ok.length === 0) {
      console.log(`  ${path.padEnd(16)} no run succeeded`);
      continue;
    }
    const figures = figuresOf(ok);
    const scores = CATEGORIES.map((c) => figures[c.id]);
    const metrics = METRICS.map((m) => m.format(figures[m.id]));
    const partial = ok.length < lhrs.length ? `  (median of the ${ok.length} of ${lhrs.length} runs that recorded)` : '';
    console.log(
      `  ${[path.padEnd(16), ...scores.map((s) => String(s).padStart(5)), ...metrics.map((v) => v.padStart(7))].join(' ')}${partial}`,
    );
    const lcp = figures['largest-contentful-paint'];
    paints.push(`  ${path}: ${lcpOf(ok.find((lhr) => lhr.audits['largest-contentful-paint'].numericValue >= lcp) ?? ok[0])}`);

    CATEGORIES.forEach((category, i) => {
      if (scores[i] === 100) return;
      notes.push(`  ${path} ${category.id} ${scores[i]}:`);
      for (const { audit, runs: failedRuns } of failedAudits(ok, category.id)) {
        const value =
          audit.scoreDisplayMode === 'error'
            ? ` (audit error: ${audit.errorMessage})`
            : audit.displayValue
              ? ` (${audit.displayValue})`
              : '';
        notes.push(`    - ${audit.title}${value}${culpritsOf(audit)}, ${failedRuns}/${ok.length} runs`);
      }
    });
  }
  console.log(`\nLargest contentful paint (the median run's):\n${paints.join('\n')}`);
  if (notes.length > 0) console.log(`\nWhat keeps a category under 100 (failed audits):\n${notes.join('\n')}`);
}
