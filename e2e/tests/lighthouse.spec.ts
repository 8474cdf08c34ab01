import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BASE_URL } from '../playwright.config.ts';

/**
 * Lighthouse's mobile preset (its default: a mid-range phone on slow 4G, simulated) on /login, the
 * page every visitor starts from: a measurement, which `npm run bench` runs (scripts/bench-lighthouse.ts)
 * and holds to its goal, not a test of `npm test`. A score is a speed, and speed is the bench's to
 * measure: the same build scored a median of 77 with other work on the machine's two cores and 96
 * alone. It runs in a Playwright project of its own, on a server that has just started, so neither
 * other tests nor the jobs their customers leave running lengthen the tasks it measures. Scores move a
 * few points between runs, so it takes the median of RUNS runs, as Lighthouse's own docs advise. What
 * /login's scripts weigh is held by page-weight.spec.ts, which `npm test` runs.
 */
/** The goal the bench holds the median to (issue 32: "Lighthouse mobile on /login still ≥ 95"). */
export const GOAL = 95;
/**
 * Lighthouse sometimes fails to record a run's trace (NO_NAVSTART, "Please run Lighthouse again"); such
 * a run is tried again, up to this many times in all. A run that records is never discarded.
 */
const ATTEMPTS = 3;
const RUNS = 5;

/** One run on /login, tried again when Lighthouse could not record it. */
async function audit(port: number, run: number) {
  for (let attempt = 1; ; attempt++) {
    const lhr = (
      await lighthouse(`${BASE_URL}/login`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
    )?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (!lhr.runtimeError) return lhr;
    console.log(`lighthouse /login run ${run}, attempt ${attempt}: ${lhr.runtimeError.code}`);
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  }
}

test('Lighthouse mobile performance of /login, measured', async ({ browserName: _ }, info) => {
  test.setTimeout(RUNS * 90_000);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  const runs: { score: number; lcp: number; tbt: number; fcp: number }[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const lhr = await audit(chrome.port, i + 1);
      const run = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      };
      runs.push(run);
      console.log(
        `lighthouse /login run ${i + 1}: performance ${run.score}, FCP ${(run.fcp / 1000).toFixed(2)} s, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${Math.round(run.tbt)} ms`,
      );
    }
  } finally {
    chrome.kill();
  }
  const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)] as (typeof runs)[0];
  const summary = `lighthouse /login: median performance ${median.score} (runs ${runs.map((r) => r.score).join(', ')}; goal ${GOAL}), LCP ${(median.lcp / 1000).toFixed(2)} s, TBT ${Math.round(median.tbt)} ms`;
  console.log(summary);
  await info.attach('lighthouse-login', { body: `${summary}\n` });
  // Every run recorded a score: the measurement happened (the bench judges the number).
  expect(runs.every((r) => r.score > 0)).toBe(true);
});
