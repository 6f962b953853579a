// Drives headless Chromium over one flame graph page for FlameGraphBrowserTest / DiffFlameGraphTest.
// Usage: node flame-driver.mjs PAGE.html ACTIONS.json
// ACTIONS is a JSON array of steps; the result of each step is printed as one JSON array on stdout.
// Steps: {do:"frames"} {do:"click",label} {do:"hover",label} {do:"reset"} {do:"search",text,regex}
//        {do:"check",id,value} {do:"select",id,value} {do:"text",id} {do:"state"} {do:"screenshot",path}
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [pageFile, actionsFile] = process.argv.slice(2);
const actions = JSON.parse(fs.readFileSync(actionsFile, 'utf8'));
const executablePath = process.env.CCSAMPLER_CHROMIUM || '/usr/bin/chromium';
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccsampler-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  viewport: { width: 1280, height: 720 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const errors = [];
const requests = [];
try {
  const page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (e) => errors.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console error: ' + m.text()); });
  page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
  await page.goto(pathToFileURL(path.resolve(pageFile)).href);
  await page.waitForFunction(() => window.__flame !== undefined);
  const frames = () => page.evaluate(() => window.__flame.frames());
  const find = async (label) => {
    const f = (await frames()).find((x) => x.label === label && !x.ancestor);
    if (!f) throw new Error('no frame drawn with label ' + JSON.stringify(label));
    return f;
  };
  const results = [];
  for (const a of actions) {
    switch (a.do) {
      case 'frames': results.push(await frames()); break;
      case 'click': {
        const f = await find(a.label);
        await page.locator('#canvas').click({ position: { x: f.x + Math.min(f.width / 2, 20), y: f.y + f.height / 2 } });
        results.push(await page.evaluate(() => window.__flame.zoomRoot()));
        break;
      }
      case 'hover': {
        const f = await find(a.label);
        await page.locator('#canvas').hover({ position: { x: f.x + Math.min(f.width / 2, 20), y: f.y + f.height / 2 } });
        results.push(await page.locator('#tooltip').evaluate((t) => (t.hidden ? null : t.innerText)));
        break;
      }
      case 'reset': await page.click('#reset'); results.push(await page.evaluate(() => window.__flame.zoomRoot())); break;
      case 'search':
        await page.locator('#regex').setChecked(!!a.regex);
        await page.fill('#search', a.text);
        results.push({ result: await page.evaluate(() => window.__flame.matched()), text: await page.locator('#match').innerText() });
        break;
      case 'check': await page.locator('#' + a.id).setChecked(a.value); results.push(await page.evaluate(() => window.__flame.state())); break;
      case 'select': await page.selectOption('#' + a.id, a.value); results.push(await page.evaluate(() => window.__flame.state())); break;
      case 'text': results.push(await page.locator('#' + a.id).innerText()); break;
      case 'state': results.push(await page.evaluate(() => window.__flame.state())); break;
      case 'view': // where the root frame is in the window
        results.push(await page.evaluate(() => {
          const root = window.__flame.frames().find((f) => f.depth === 0);
          return { rootTop: document.getElementById('canvas').getBoundingClientRect().top + root.y, rootHeight: root.height,
            windowHeight: window.innerHeight, scrollY: window.scrollY, pageHeight: document.documentElement.scrollHeight };
        }));
        break;
      case 'screenshot':
        fs.mkdirSync(path.dirname(a.path), { recursive: true });
        await page.screenshot({ path: a.path, fullPage: true });
        results.push(a.path);
        break;
      default: throw new Error('unknown step ' + JSON.stringify(a));
    }
  }
  results.push({ errors, requests, title: await page.title() });
  process.stdout.write(JSON.stringify(results) + '\n');
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
