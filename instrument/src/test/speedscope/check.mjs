// Loads profiles in the real speedscope app (its built release from the npm package) in headless
// Chromium and prints, one tab-separated line each, what the app shows for every profile file:
//   FILE    name
//   SCHEMA  valid|invalid        (speedscope files: checked against the schema shipped with speedscope)
//   PROFILE index  name  weight  (the profile selector: one line per profile)
//   ROW     total  self  name    (the sandwich view's function table of the first profile)
//   ERROR   text                 (import errors, alerts, page errors, console errors)
//   SHOT    path                 (screenshot of the left-heavy flame graph)
//
// usage: node check.mjs SCREENSHOT_DIR FILE...
// Needs: npm ci here (speedscope, playwright-core, ajv) and Chromium at $CHROMIUM or /usr/bin/chromium.
// The browser is never downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 when installing).
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import Ajv from 'ajv';

const here = path.dirname(fileURLToPath(import.meta.url));
const app = path.join(here, 'node_modules', 'speedscope', 'dist', 'release');
const [screenshotDir, ...files] = process.argv.slice(2);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.wasm': 'application/wasm', '.png': 'image/png', '.woff2': 'font/woff2' };

// Loopback only: the app and the profiles, nothing else.
const server = http.createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file;
  const m = url.match(/^\/profiles\/(\d+)\/[^/]*$/);
  if (m) {
    file = files[Number(m[1])];
  } else {
    file = path.join(app, path.normalize(url === '/' ? '/index.html' : url));
    if (!file.startsWith(app)) { res.writeHead(403); res.end(); return; }
  }
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(data);
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const schema = JSON.parse(fs.readFileSync(path.join(app, 'file-format-schema.json'), 'utf8'));
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccsampler-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'],
  viewport: { width: 1400, height: 800 },
});
const results = [];
try {
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const name = path.basename(file);
    const result = { file: name, errors: [] };
    if (name.endsWith('.speedscope.json')) {
      const ok = validate(JSON.parse(fs.readFileSync(file, 'utf8')));
      result.schemaValid = ok;
      if (!ok) result.errors.push('schema: ' + JSON.stringify(validate.errors));
    }
    const page = await context.newPage();
    page.on('dialog', async (d) => { result.errors.push('dialog: ' + d.message()); await d.dismiss(); });
    page.on('pageerror', (e) => result.errors.push('pageerror: ' + e.message));
    page.on('console', (m) => { if (m.type() === 'error') result.errors.push('console: ' + m.text()); });
    const profileURL = `${base}/profiles/${i}/${encodeURIComponent(name)}`;
    await page.goto(`${base}/index.html#profileURL=${encodeURIComponent(profileURL)}&view=sandwich`);
    try {
      await page.waitForFunction(() => document.body.innerText.includes('Symbol Name'), null, { timeout: 30000 });
    } catch (e) {
      result.errors.push('sandwich view did not appear: ' + e.message.split('\n')[0]);
    }
    result.text = await page.evaluate(() => document.body.innerText);
    result.rows = await page.evaluate(() => Array.from(document.querySelectorAll('tr')).map((tr) =>
      Array.from(tr.querySelectorAll('td,th')).map((td) => td.innerText.trim())));
    // The flame graph (left heavy view) for the picture: drawn with WebGL, so only a look shows it.
    await page.getByText('Left Heavy').click();
    await page.waitForFunction(() => !document.body.innerText.includes('Symbol Name'), null, { timeout: 30000 });
    await page.waitForTimeout(1000);
    fs.mkdirSync(screenshotDir, { recursive: true });
    const shot = path.join(screenshotDir, name.endsWith('.speedscope.json') ? 'speedscope.png' : name.replace(/\W+/g, '-') + '.png');
    await page.screenshot({ path: shot });
    result.screenshot = shot;
    await page.close();
    results.push(result);
  }
} finally {
  await context.close();
  server.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
const clean = (v) => String(v).replace(/[\t\n]+/g, ' ').trim();
for (const r of results) {
  console.log(['FILE', r.file].join('\t'));
  if (r.schemaValid !== undefined) console.log(['SCHEMA', r.schemaValid ? 'valid' : 'invalid'].join('\t'));
  for (const row of r.rows) {
    if (row.length === 3 && /^\d+$/.test(row[0])) console.log(['PROFILE', ...row.map(clean)].join('\t'));
    else if (row.length === 3 && row[0] !== 'Total' && row[0] !== '#') console.log(['ROW', ...row.map(clean)].join('\t'));
  }
  for (const e of r.errors) console.log(['ERROR', clean(e)].join('\t'));
  console.log(['SHOT', r.screenshot].join('\t'));
}
