import { api } from '@fleet/contract';
import { SimRobot } from '@fleet/sim';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { E2E_MQTT_PORT } from '../support/ports.js';
import { chimeWav } from './audio-helpers.js';

/*
 * AUDIO-CLIPS, AUDIO-GROUPS, AUDIO-PUBLISH, AUDIO-LINK: an owner uploads two prompts (the upload's progress shows
 * while the network is slow), builds a voice pack from them, aims it at two simulated robots of Acme Tower and
 * publishes it — the demo's English pack already speaks there, so the console asks which wins — then watches both
 * robots download it and become ready; the detail reads the same in Chinese.
 */

test('an owner uploads prompts, builds a voice pack and publishes it to two robots, which become ready', async ({
  page,
  signedIn,
  api: client,
}) => {
  test.setTimeout(120_000);
  const owner = await signedIn('owner');
  const stamp = Date.now();
  const robots: SimRobot[] = [];
  const robotIds: string[] = [];
  let groupId: string | undefined;
  try {
    const buildings = await client.call(
      api.searchBuildings,
      { body: { pageIndex: 1, pageLength: 10, requestData: { name: 'Acme Tower' } } },
      owner.token,
    );
    const tower = buildings.list.find((b) => b.name === 'Acme Tower');
    if (!tower) throw new Error('no Acme Tower');
    const { floors } = await client.call(api.getBuilding, { params: { id: tower.id } }, owner.token);
    const lobby = floors.find((f) => f.level === 0);
    if (!lobby) throw new Error('no lobby');
    for (const n of [1, 2]) {
      const made = await client.call(
        api.registerRobot,
        {
          body: {
            name: `Speaker ${n} ${stamp}`,
            model: 'Courier C2',
            manufacturer: 'e2e',
            serialNumber: `E2E-AUDIO-${n}-${stamp}`,
            buildingId: tower.id,
          },
        },
        owner.token,
      );
      robotIds.push(made.robot.id);
      const robot = new SimRobot({
        url: `mqtt://127.0.0.1:${E2E_MQTT_PORT}`,
        manufacturer: 'e2e',
        serialNumber: `E2E-AUDIO-${n}-${stamp}`,
        password: made.credentials.password,
        pose: { x: 4 + n * 2, y: 4, theta: 0, mapId: lobby.id },
        params: { errorProbabilityPerSecond: 0 },
      });
      await robot.start();
      robots.push(robot);
    }

    // Two prompts, uploaded through a slow network so their progress shows.
    await page.goto('/audio/group');
    await page.getByTestId('audio-tab-clips').click();
    await page.getByTestId('clip-upload').click();
    const files = ['welcome', 'goodbye'].map((word, i) => ({
      name: `${word}-${stamp}.wav`,
      mimeType: 'audio/wav',
      buffer: chimeWav(660 + i * 220, 3),
    }));
    await page.getByRole('dialog').locator('input[type=file]').setInputFiles(files);
    await expect(page.getByTestId('upload-item')).toHaveCount(2);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await page.getByTestId('upload-send').click();
    const progress = page.getByRole('progressbar', {
      name: text('en', 'audio:upload.progressOf', { file: files[0]?.name ?? '' }),
    });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByTestId('upload-summary')).toHaveText(
      text('en', 'audio:upload.summary', { done: 2, total: 2, failed: 0 }),
      { timeout: 20_000 },
    );
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('en', 'audio:upload.close'), exact: true })
      .click();
    const clipsTable = page.getByTestId('audio-clips-table');
    await expect(clipsTable).toContainText(`welcome-${stamp}`);
    await expect(clipsTable).toContainText(`goodbye-${stamp}`);

    // A voice pack speaking English: a clip for "arrived" and one for "task end".
    await page.getByTestId('audio-tab-groups').click();
    await page.getByTestId('audio-group-create').click();
    const name = `E2E pack ${stamp}`;
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text('en', 'audio:nameDialog.name'), { exact: true }).fill(name);
    await dialog.getByRole('radio', { name: text('en', 'audio:kinds.voicePack') }).check();
    await dialog.getByRole('button', { name: text('en', 'audio:nameDialog.create.ok') }).click();
    await expect(page.getByTestId('audio-group-name')).toHaveText(name);
    groupId = new URL(page.url()).searchParams.get('id') ?? undefined;
    await page.getByRole('combobox', { name: text('en', 'audio:slots.addLang') }).fill('en');
    await page.getByTestId('voice-add-lang').click();
    for (const [slot, clip] of [
      ['arrived', `welcome-${stamp}`],
      ['taskEnd', `goodbye-${stamp}`],
    ] as const) {
      const cell = page.getByLabel(
        text('en', 'audio:slots.cellOf', { slot: text('en', `audio:slots.names.${slot}`), lang: 'en' }),
      );
      await cell.click();
      await cell.fill(clip);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: clip })
        .click();
    }
    await page.getByRole('tab', { name: text('en', 'audio:detail.tabs.targets') }).click();
    const robotsSelect = page.getByTestId('targets-robots');
    for (const n of [1, 2]) {
      await robotsSelect.click();
      await page.keyboard.type(`Speaker ${n} ${stamp}`);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `Speaker ${n} ${stamp}` })
        .click();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('targets-reach')).toHaveText(text('en', 'audio:targets.reaches', { n: 2 }));

    // Publish: the demo's pack speaks English in the tower, so the console asks; this pack wins.
    await page.getByTestId('audio-publish').click();
    await page.getByTestId('audio-publish-ok').click();
    await expect(page.getByTestId('voice-conflict')).toBeVisible();
    await page.getByTestId('conflict-mine').click();
    await expect(page.getByText(text('en', 'audio:publish.done', { version: 1 }))).toBeVisible();

    await page.getByRole('tab', { name: /Robots/ }).click();
    const table = page.getByTestId('audio-robots-table');
    for (const n of [1, 2]) {
      const row = table.locator('tr', { hasText: `Speaker ${n} ${stamp}` });
      await expect(row.getByTestId('audio-state')).toHaveText(text('en', 'audio:states.ready'), {
        timeout: 30_000,
      });
    }
    // The robots really hold it: they fetched both files and checked them.
    for (const robot of robots) expect(robot.audio?.groups.get(groupId ?? '')?.sha256.size).toBe(2);

    // The same detail in Chinese.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.reload();
    await expect(page.getByRole('tab', { name: text('zh', 'audio:detail.tabs.slots') })).toBeVisible();
    await page.getByRole('tab', { name: new RegExp(text('zh', 'audio:detail.tabs.robots')) }).click();
    const zhRow = page.getByTestId('audio-robots-table').locator('tr', { hasText: `Speaker 1 ${stamp}` });
    await expect(zhRow.getByTestId('audio-state')).toHaveText(text('zh', 'audio:states.ready'));
  } finally {
    for (const r of robots) await r.stop().catch(() => {});
    if (groupId)
      await client.call(api.removeAudioGroup, { params: { id: groupId } }, owner.token).catch(() => {});
    for (const id of robotIds)
      await client.call(api.removeRobot, { params: { id } }, owner.token).catch(() => {});
    const clips = await client
      .call(
        api.searchAudioClips,
        { body: { pageIndex: 1, pageLength: 10, requestData: { name: String(stamp) } } },
        owner.token,
      )
      .catch(() => ({ list: [] }));
    for (const { id } of clips.list)
      await client.call(api.removeAudioClip, { params: { id } }, owner.token).catch(() => {});
  }
});
