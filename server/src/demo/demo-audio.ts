import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GroupContent, GroupTargets } from '@fleet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { audioBuildingRules, audioClips, audioGroups, buildings } from '../db/schema/index.js';
import { readSound } from '../modules/audio/clips/read-sound.js';
import { clipIdsOf } from '../modules/audio/groups/group-repo.js';
import { publishVersion } from '../modules/audio/groups/publish-group.js';
import type { ObjectStore } from '../storage/object-store.js';
import { demoSounds } from './demo-sounds.js';

export const DEMO_VOICE_PACK = 'Acme voice (English)';
export const DEMO_PLAYLIST = 'Lobby playlist';

/**
 * Acme's demo audio: its sounds as clips (read by the same code as an upload), a voice pack speaking English on
 * every robot of both buildings, a lobby playlist in the tower in the daytime, and the tower's quiet hours.
 * Both groups are published: the demo robots are sent them when they connect, and are ready a moment later.
 * Without a store there are no files to keep, so no audio.
 */
export async function seedDemoAudio(
  reg: Db,
  companyId: string,
  ownerId: string,
  store: ObjectStore | null,
): Promise<void> {
  if (!store) return;
  const sounds = demoSounds();
  const clipIds = new Map<string, string>();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-demo-audio-'));
  try {
    for (const sound of sounds) {
      const file = path.join(dir, `${clipIds.size}.wav`);
      await writeFile(file, sound.wav);
      const read = await readSound(file);
      if (!read.ok) throw new Error(`demo sound ${sound.name} unreadable`);
      const id = randomUUID();
      const key = `audio/${companyId}/${id}.${read.facts.format}`;
      await store.putFile(key, file, read.facts.contentType);
      await reg.insert(audioClips).values({
        id,
        companyId,
        name: sound.name,
        lang: sound.slot ? 'en' : null,
        purpose: sound.purpose,
        ...read.facts,
        sizeBytes: sound.wav.length,
        sha256: createHash('sha256').update(sound.wav).digest('hex'),
        storageKey: key,
        createdBy: ownerId,
      });
      clipIds.set(sound.slot ?? sound.name, id);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const sites = await reg
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(
      and(
        eq(buildings.companyId, companyId),
        inArray(buildings.name, ['Acme Tower', 'Acme Logistics Depot']),
      ),
    );
  const tower = sites.find((b) => b.name === 'Acme Tower');
  if (!tower) throw new Error('demo tower missing');
  await reg.insert(audioBuildingRules).values({
    buildingId: tower.id,
    companyId,
    quietHours: [{ from: '22:00', to: '07:00' }],
    volumeCap: 80,
  });
  const slots = sounds.flatMap((s) => {
    const clipId = s.slot && clipIds.get(s.slot);
    return s.slot && clipId ? [{ lang: 'en', slot: s.slot, clipId }] : [];
  });
  const jingles = sounds.flatMap((s) => {
    const clipId = !s.slot && clipIds.get(s.name);
    return clipId ? [{ clipId }] : [];
  });
  await publishDemoGroup(
    reg,
    companyId,
    ownerId,
    DEMO_VOICE_PACK,
    { kind: 'voicePack', slots },
    {
      buildingIds: sites.map((b) => b.id),
      robotIds: [],
    },
  );
  await publishDemoGroup(
    reg,
    companyId,
    ownerId,
    DEMO_PLAYLIST,
    {
      kind: 'playlist',
      items: jingles,
      schedule: {
        validFrom: null,
        validTo: null,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        windows: [{ from: '08:00', to: '20:00' }],
        intervalS: 600,
        volume: 50,
      },
    },
    { buildingIds: [tower.id], robotIds: [] },
  );
}

async function publishDemoGroup(
  reg: Db,
  companyId: string,
  ownerId: string,
  name: string,
  content: GroupContent,
  targets: GroupTargets,
): Promise<void> {
  const [group] = await reg
    .insert(audioGroups)
    .values({ companyId, name, kind: content.kind, content, targets, clipIds: clipIdsOf(content) })
    .returning();
  if (!group) throw new Error(`demo group ${name} not created`);
  await publishVersion(reg, companyId, ownerId, group, { content, targets }, 'mine', null);
}
