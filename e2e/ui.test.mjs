// End-to-end: Imperia's browser UI in a real headless Chromium (Debian's), driven by playwright-core.
//
// A new player signs up, creates a 4-seat Imperial 2030 game against 3 bots, and plays it by clicking the
// map, the rondel, the bonds and the buttons; undoes a step; reloads and finds the same state; and a
// spectator opens the game and finds the board without controls. Screenshots of the game page at
// 1280×800 and 390×844 are saved in e2e/artifacts/.
//
// The server is the binary named by IMPERIA_BIN (scripts/test builds it), on a free loopback port with a
// fresh data folder; Chromium is /usr/bin/chromium unless CHROMIUM says otherwise.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = process.env.IMPERIA_BIN || join(here, '..', 'target', 'debug', 'imperia');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = join(here, 'artifacts');
const ACTIONS_TO_PLAY = 12;

let server;
let base;
let browser;
let dataDir;
const game = { id: null, page: null, context: null };

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'imperia-e2e-data-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  server = spawn(BIN, ['serve', '--bind', '127.0.0.1:0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: server.stdout }).once('line', resolve);
  });
  base = `http://${line.split('http://')[1].split('/')[0]}`;
  // Playwright starts Chromium headless with a fresh, empty profile folder of its own; the other flags keep
  // it from reaching for the network, which this machine's sandbox refuses.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh browser context (its own cookies) at laptop size, failing the test on any page error. */
async function newPage(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => assert.fail(`the page threw: ${e.message}`));
  return { context, page };
}

/** The step count the page shows ("Live: step 17"). */
async function liveStep(page) {
  const text = await page.locator('label[for=replay]').textContent();
  const m = text.match(/Live: step (\d+)/);
  assert.ok(m, `the replay label says where the game is: ${text}`);
  return Number(m[1]);
}

/** Wait until it is this player's decision (and the page is not busy), or the game is over. */
async function waitForMyTurn(page) {
  await page.waitForFunction(() => {
    const status = document.querySelector('#status');
    if (!status) return false;
    if (/The game is over/.test(status.textContent)) return true;
    return status.classList.contains('mine') && document.querySelector('article.game')?.getAttribute('aria-busy') !== 'true';
  }, null, { timeout: 60_000 });
  return !/The game is over/.test(await page.locator('#status').textContent());
}

test('a new player signs up and creates a game against three bots', async () => {
  const { context, page } = await newPage();
  await page.goto(base);
  await page.getByRole('heading', { name: 'Sign in to Imperia' }).waitFor();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('ada');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // The server's own message is shown, and nothing happened.
  await page.locator('#notice').getByText('8 characters').waitFor();
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'New game' }).waitFor();
  assert.match(await page.locator('#account').textContent(), /Signed in as ada/);

  await page.getByLabel('Game', { exact: true }).selectOption('imperial2030');
  await page.getByLabel('Players', { exact: true }).selectOption('4');
  for (const seat of [2, 3, 4]) await page.getByLabel(`Seat ${seat}`, { exact: true }).selectOption('random');
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForURL(/#\/game\/\d+$/);
  game.id = Number(page.url().match(/#\/game\/(\d+)/)[1]);
  await page.locator('.world-map').waitFor();
  assert.equal(await page.locator('.world-map .region').count(), 62, 'all 62 regions are drawn');
  assert.equal(await page.locator('.rondel .space').count(), 8, 'the rondel has its 8 spaces');
  assert.equal(await page.locator('.nation-row').count(), 6, 'a card per nation');
  Object.assign(game, { page, context });
});

test('the player plays twelve actions by clicking the map, the rondel, the bonds and the buttons', async () => {
  assert.ok(game.page, 'the game was created');
  const { page } = game;
  const used = { map: 0, rondel: 0, bond: 0, button: 0 };
  let acted = 0;
  let undone = false;
  let screenshots = false;
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().includes('/actions') && r.status() === 200) acted += 1;
  });
  const isActionPost = (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/actions');
  // Click something. It either acts (then the server must take it) or narrows the choice (a move's origin,
  // a region or bond with several actions): then the destination or the first narrowed button is clicked.
  const click = async (locator, kind) => {
    const pick = await page.locator('.imperial').getAttribute('data-pick');
    const version = Number(await page.locator('article.game').getAttribute('data-version'));
    const answered = page.waitForResponse(isActionPost).then((response) => ({ response })).catch(() => ({}));
    const narrowed = page.waitForFunction((before) => document.querySelector('.imperial')?.dataset.pick !== before, pick)
      .then(() => ({ narrowed: true })).catch(() => ({}));
    await locator.click({ timeout: 10_000 });
    used[kind] += 1;
    const outcome = await Promise.race([answered, narrowed]);
    if (outcome.response) {
      assert.equal(outcome.response.status(), 200, `the server took the ${kind} click: ${await outcome.response.text()}`);
      // The page shows the game after the action before anything else is clicked.
      await page.waitForFunction((v) => {
        const game = document.querySelector('article.game');
        return game && Number(game.dataset.version) > v && game.getAttribute('aria-busy') !== 'true';
      }, version);
      return;
    }
    assert.ok(outcome.narrowed, `the ${kind} click did something`);
    const destination = page.locator('.world-map .clickable:has(.frame.target)');
    if (await destination.count()) return click(destination.first(), 'map');
    return click(page.locator('.choices > .action-list .action').first(), 'button');
  };
  for (let round = 0; acted < ACTIONS_TO_PLAY || !undone || used.map === 0 || used.rondel === 0 || used.button === 0; round++) {
    assert.ok(round < 200, `still playing after 200 decisions: ${JSON.stringify(used)}, undone ${undone}`);
    if (!(await waitForMyTurn(page))) break;
    if (!screenshots) {
      await page.screenshot({ path: join(ARTIFACTS, 'game-1280x800.png') });
      await page.screenshot({ path: join(ARTIFACTS, 'game-1280x800-full.png'), fullPage: true });
      screenshots = true;
    }
    // Undo once, as soon as the engine allows it: the step is taken back and the count goes down.
    if (!undone && (await page.locator('#undo').count())) {
      const before = await liveStep(page);
      await page.locator('#undo').click();
      await page.waitForFunction((n) => {
        const m = document.querySelector('label[for=replay]').textContent.match(/Live: step (\d+)/);
        return m && Number(m[1]) === n - 1;
      }, before);
      undone = true;
      continue;
    }
    const rondel = page.locator('.rondel .choice');
    const region = page.locator('.world-map .clickable');
    const bond = page.locator('.bond.choice');
    if (await rondel.count()) await click(rondel.first(), 'rondel');
    else if (await region.count()) await click(region.first(), 'map');
    else if (await bond.count()) await click(bond.first(), 'bond');
    else await click(page.locator('.choices > .action-list .action').first(), 'button');
  }
  assert.ok(acted >= ACTIONS_TO_PLAY, `played ${acted} actions`);
  assert.ok(used.map > 0 && used.rondel > 0 && used.button > 0, `clicked all kinds: ${JSON.stringify(used)}`);
  assert.ok(undone, 'undid once');
  console.log(`# played ${acted} actions: ${JSON.stringify(used)}, one undo`);
});

test('a reload shows the same state', async () => {
  assert.ok(game.page, 'the game was created');
  const { page } = game;
  // Wait for the bots to hand the turn back, so nothing moves between the two looks.
  await waitForMyTurn(page);
  const look = async () => ({
    step: await liveStep(page),
    status: await page.locator('#status').textContent(),
    nations: await page.locator('.nation-row').allTextContents(),
    players: await page.locator('.players tbody').textContent(),
    log: await page.locator('#log li').count(),
  });
  const before = await look();
  await page.reload();
  await page.locator('.world-map').waitFor();
  await waitForMyTurn(page);
  assert.deepEqual(await look(), before);

  // The replay slider shows an earlier moment, without controls, and comes back to live.
  await page.locator('#log li').last().getByRole('button').click();
  await page.getByRole('button', { name: 'Back to live' }).waitFor();
  assert.match(await page.locator('#status').textContent(), /Looking back at step 1 of/);
  assert.equal(await page.locator('.choices').count(), 0, 'no choices while looking back');
  await page.getByRole('button', { name: 'Back to live' }).click();
  await page.locator('#status.mine').waitFor();

  const phone = await newPage({ width: 390, height: 844 });
  await phone.context.addCookies(await game.context.cookies());
  await phone.page.goto(`${base}/#/game/${game.id}`);
  await phone.page.locator('.world-map').waitFor();
  await waitForMyTurn(phone.page);
  await phone.page.screenshot({ path: join(ARTIFACTS, 'game-390x844.png') });
  await phone.page.screenshot({ path: join(ARTIFACTS, 'game-390x844-full.png'), fullPage: true });
  await phone.context.close();
});

test('a spectator sees the board and no controls', async () => {
  assert.ok(game.id, 'the game was created');
  const { context, page } = await newPage();
  await page.goto(`${base}/#/game/${game.id}`);
  await page.locator('.world-map').waitFor();
  await page.locator('#spectating').waitFor();
  assert.match(await page.locator('#status').textContent(), /You are watching/);
  assert.equal(await page.locator('.choices').count(), 0, 'no choices');
  assert.equal(await page.locator('#undo').count(), 0, 'no undo');
  assert.equal(await page.locator('.world-map .clickable, .rondel .choice, .bond.choice').count(), 0, 'nothing to click on the board');
  assert.equal(await page.locator('.nation-row').count(), 6);
  await page.screenshot({ path: join(ARTIFACTS, 'spectator-1280x800.png') });
  // The server refuses a spectator's action with a message that says why.
  const refused = await page.evaluate(async (id) => {
    const r = await fetch(`/api/games/${id}/actions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"version":0,"action":{}}' });
    return [r.status, (await r.json()).error];
  }, game.id);
  assert.equal(refused[0], 403);
  assert.match(refused[1], /spectators cannot act/);
  await context.close();
});

test('a second game, Imperial Struggle, is played on the generic page', async () => {
  assert.ok(game.context, 'the player is signed up');
  const page = await game.context.newPage();
  page.on('pageerror', (e) => assert.fail(`the page threw: ${e.message}`));
  await page.goto(`${base}/#/`);
  await page.getByRole('heading', { name: 'New game' }).waitFor();
  await page.getByLabel('Game', { exact: true }).selectOption('imperial-struggle');
  await page.getByLabel('Seat 2', { exact: true }).selectOption('random');
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForURL(/#\/game\/\d+$/);
  await page.locator('.generic').waitFor();
  // Britain's first decisions (ministries, then its turns) are buttons labelled by the engine.
  let acted = 0;
  for (let round = 0; acted < 8; round++) {
    assert.ok(round < 100, `still playing after 100 decisions (${acted} actions)`);
    if (!(await waitForMyTurn(page))) break;
    const before = await liveStep(page);
    const buttons = page.locator('.choices > .action-list .action');
    assert.ok((await buttons.count()) > 0, 'the legal actions are offered');
    // The last button: "done", "end the turn" or a tile, so the game moves on.
    await buttons.last().click();
    await page.waitForFunction((n) => {
      const m = document.querySelector('label[for=replay]')?.textContent.match(/Live: step (\d+)/);
      return m && Number(m[1]) > n;
    }, before);
    acted += 1;
  }
  assert.ok(acted >= 8, `played ${acted} actions`);
  assert.match(await page.locator('.generic').textContent(), /vp/i, 'the view is drawn');
  await page.screenshot({ path: join(ARTIFACTS, 'imperial-struggle-1280x800.png') });
  await page.close();
});
