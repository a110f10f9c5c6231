import { setMaxListeners } from 'node:events';
import {
  AUDIO_ACTION_TYPES,
  AUDIO_ACTIONS,
  type AudioActionType,
  type AudioManifest,
  audioManifest,
  type DownloadParameters,
  downloadParameters,
  playParameters,
  removeParameters,
  setVolumeParameters,
} from '@fleet/contract';
import { z } from 'zod';
import type { ActionState, InstantAction } from '../messages.js';
import { trimInstantStates } from '../vehicle/instant-actions.js';
import type { Vehicle } from '../vehicle/types.js';
import { AudioFailure, fetchJson, hashUrl } from './http.js';
import { Limiter, processDownloadSlots } from './limiter.js';
import { httpUrl, parseParameters } from './params.js';

/*
 * The audio instant actions of packages/contract/src/audio/link.ts (`fcAudioDownload`…), as a robot answers them
 * in `state.actionStates`. Their names and parameter schemas come from the contract (the sim depends on
 * @fleet/contract; its root, as the contract exports no `audio-link` subpath like `lifts-link`). The simulator fetches and verifies what a real robot would, but keeps no audio: per
 * group, the version and the checksums it verified (and the clips' durations, to play them for as long).
 */

const AUDIO_TYPES: ReadonlySet<string> = new Set(AUDIO_ACTION_TYPES);

/** Whether `fcAudio…` actions of this type are `RobotAudio`'s. */
export function isAudioAction(actionType: string): actionType is AudioActionType {
  return AUDIO_TYPES.has(actionType);
}

const stopParameters = z.object({});
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface RobotAudioOptions {
  /** How long a clip plays when its duration is unknown (not in a group the robot holds), ms. Default 3,000. */
  playMs?: number;
  /** HTTP requests of one robot at once (manifests and files). Default 2. */
  robotDownloads?: number;
  /** Shared by the robots of one process. Default `processDownloadSlots` (16). */
  processDownloads?: Limiter;
  /** A request that receives nothing for this long fails the download. Default 30,000 ms. */
  idleTimeoutMs?: number;
}

/** A group version the robot downloaded completely. */
export interface HeldGroup {
  kind: string;
  version: number;
  /** The files it verified, by checksum: a file already held is not downloaded again. */
  sha256: ReadonlySet<string>;
  /** Each clip's duration, ms. */
  durations: ReadonlyMap<string, number>;
}

/** Why an action fails at once; undefined when it started (or finished) instead. */
type Failure = string | undefined;

interface Download {
  groupId: string;
  state: ActionState;
  ctl: AbortController;
  ended: boolean;
}

interface Play {
  state: ActionState;
  timer: NodeJS.Timeout;
}

/**
 * One robot's audio: created on its first audio action, so robots that get none cost nothing, and nothing
 * here runs on the robot's tick. Every change of an action's status calls `onChange` (the robot publishes
 * its state); changes made while `receive` runs are published by the robot's own publish after receiving.
 */
export class RobotAudio {
  /** Group id → what the robot holds of it. */
  readonly groups = new Map<string, HeldGroup>();
  /** Master volume, % (undefined until a `fcAudioSetVolume`). */
  volume: number | undefined;
  private readonly downloads = new Map<string, Download>();
  private playing: Play | undefined;
  private readonly robotSlots: Limiter;
  private readonly processSlots: Limiter;
  private readonly playMs: number;
  private readonly idleTimeoutMs: number;

  constructor(
    private readonly vehicle: Vehicle,
    private readonly onChange: () => void,
    opts: RobotAudioOptions = {},
  ) {
    this.robotSlots = new Limiter(opts.robotDownloads ?? 2);
    this.processSlots = opts.processDownloads ?? processDownloadSlots;
    this.playMs = opts.playMs ?? 3000;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 30_000;
  }

  /** The `actionId` of the clip playing now. */
  get playingActionId(): string | undefined {
    return this.playing?.state.actionId;
  }

  /** Downloads under way, by group id → action id. */
  get downloading(): ReadonlyMap<string, string> {
    return new Map([...this.downloads].map(([groupId, d]) => [groupId, d.state.actionId]));
  }

  /** Lists the action in `actionStates` and starts it; the caller publishes the state afterwards. */
  receive(action: InstantAction): void {
    // A repeated delivery (QoS 1) of an action still under way changes nothing.
    if (this.isRunning(action.actionId)) return;
    const state: ActionState = {
      actionId: action.actionId,
      actionType: action.actionType,
      actionStatus: 'WAITING',
    };
    const v = this.vehicle;
    v.actionStates = v.actionStates.filter((s) => s.actionId !== action.actionId);
    v.actionStates.push(state);
    const failure = this.start(action, state);
    if (failure !== undefined) settle(state, 'FAILED', failure);
    trimInstantStates(v);
  }

  private start(action: InstantAction, state: ActionState): Failure {
    switch (action.actionType) {
      case AUDIO_ACTIONS.download:
        return this.download(action, state);
      case AUDIO_ACTIONS.remove:
        return this.remove(action, state);
      case AUDIO_ACTIONS.play:
        return this.play(action, state);
      case AUDIO_ACTIONS.stop:
        return this.stop(action, state);
      case AUDIO_ACTIONS.setVolume:
        return this.setVolume(action, state);
      default:
        return `unsupported actionType '${action.actionType}'`;
    }
  }

  /** The robot stops: downloads are abandoned and playing ends, without publishing anything. */
  close(): void {
    for (const d of this.downloads.values()) {
      d.ended = true;
      settle(d.state, 'FAILED', 'robot stopped');
      d.ctl.abort(new AudioFailure('robot stopped'));
    }
    this.downloads.clear();
    if (this.playing) {
      clearTimeout(this.playing.timer);
      settle(this.playing.state, 'FAILED', 'robot stopped');
      this.playing = undefined;
    }
  }

  private isRunning(actionId: string): boolean {
    if (this.playing?.state.actionId === actionId) return true;
    for (const d of this.downloads.values()) if (d.state.actionId === actionId) return true;
    return false;
  }

  private download(action: InstantAction, state: ActionState): Failure {
    const p = parseParameters(downloadParameters, action);
    if (!p.ok) return p.error;
    const manifestUrl = httpUrl(p.value.manifestUrl);
    if (!manifestUrl) return 'bad parameters: manifestUrl is not an http(s) URL';
    if (Date.parse(p.value.expiresAt) <= Date.now()) return `link expired at ${p.value.expiresAt}`;
    const previous = this.downloads.get(p.value.groupId);
    if (previous) this.end(previous, 'FAILED', `superseded by ${action.actionId}`, false);
    const ctl = new AbortController();
    // Every file of the manifest waits on this one signal (a voice pack has a dozen): more than Node's default 10.
    setMaxListeners(0, ctl.signal);
    const d: Download = { groupId: p.value.groupId, state, ctl, ended: false };
    this.downloads.set(d.groupId, d);
    void this.runDownload(d, p.value, manifestUrl);
    return undefined;
  }

  /**
   * WAITING (for a slot) → INITIALIZING (the manifest) → RUNNING (the files) → FINISHED, each published.
   * The first failure fails the action and cancels the other files.
   */
  private async runDownload(d: Download, p: DownloadParameters, manifestUrl: URL): Promise<void> {
    const signal = d.ctl.signal;
    const http = { signal, idleTimeoutMs: this.idleTimeoutMs };
    try {
      const manifest = await this.withSlot(signal, async () => {
        this.update(d, 'INITIALIZING');
        return readManifest(await fetchJson(manifestUrl, http).catch(prefix('manifest')), p);
      });
      this.update(d, 'RUNNING');
      const todo = new Map<string, AudioManifest['files'][number]>();
      for (const f of manifest.files) {
        const sha = f.sha256.toLowerCase();
        if (!this.holds(sha) && !todo.has(sha)) todo.set(sha, f);
      }
      await Promise.all(
        [...todo].map(([sha, f]) =>
          this.withSlot(signal, async () => {
            const clip = prefix(`clip ${f.clipId}`);
            const url = httpUrl(f.url, manifestUrl);
            if (!url) throw new AudioFailure(`clip ${f.clipId}: url is not an http(s) URL`);
            const got = await hashUrl(url, f.sizeBytes, http).catch(clip);
            if (got.bytes !== f.sizeBytes)
              throw new AudioFailure(
                `clip ${f.clipId}: size mismatch: ${got.bytes} bytes, the manifest says ${f.sizeBytes}`,
              );
            if (got.sha256 !== sha)
              throw new AudioFailure(
                `clip ${f.clipId}: checksum mismatch: sha256 ${got.sha256.slice(0, 12)}…, the manifest says ${sha.slice(0, 12)}…`,
              );
          }),
        ),
      );
      if (d.ended) return;
      this.groups.set(p.groupId, {
        kind: manifest.kind,
        version: manifest.version,
        sha256: new Set(manifest.files.map((f) => f.sha256.toLowerCase())),
        durations: new Map(manifest.files.map((f) => [f.clipId, f.durationMs])),
      });
      const files = manifest.files.length;
      this.end(d, 'FINISHED', `version ${manifest.version}: ${todo.size} of ${files} files downloaded`);
    } catch (err) {
      if (!d.ended)
        this.end(d, 'FAILED', err instanceof AudioFailure ? err.message : `error: ${String(err)}`);
    }
  }

  /** Runs one request holding a slot of the robot's, then one of the process's. */
  private withSlot<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    return this.robotSlots.run(signal, () => this.processSlots.run(signal, work));
  }

  private holds(sha256: string): boolean {
    for (const g of this.groups.values()) if (g.sha256.has(sha256)) return true;
    return false;
  }

  private remove(action: InstantAction, state: ActionState): Failure {
    const p = parseParameters(removeParameters, action);
    if (!p.ok) return p.error;
    const running = this.downloads.get(p.value.groupId);
    if (running) this.end(running, 'FAILED', `group removed by ${action.actionId}`, false);
    const held = this.groups.get(p.value.groupId);
    this.groups.delete(p.value.groupId);
    settle(state, 'FINISHED', held ? `removed version ${held.version}` : 'not held');
    return undefined;
  }

  private play(action: InstantAction, state: ActionState): Failure {
    const p = parseParameters(playParameters, action);
    if (!p.ok) return p.error;
    if (!SHA256_HEX.test(p.value.sha256.toLowerCase())) return 'bad parameters: sha256 is not 64 hex digits';
    if (!httpUrl(p.value.url)) return 'bad parameters: url is not an http(s) URL';
    // The simulator has no state in which a robot cannot play (it rides no lifts): every valid play plays.
    // It does not fetch the url either; it only reports, for as long as the clip lasts when a held group has it.
    if (this.playing) this.endPlay(`replaced by ${action.actionId}`, false);
    const ms = this.durationOf(p.value.clipId) ?? this.playMs;
    state.actionStatus = 'RUNNING';
    const play: Play = {
      state,
      timer: setTimeout(() => {
        if (this.playing === play) this.endPlay(undefined, true);
      }, ms),
    };
    play.timer.unref();
    this.playing = play;
    return undefined;
  }

  private durationOf(clipId: string): number | undefined {
    for (const g of this.groups.values()) {
      const ms = g.durations.get(clipId);
      if (ms !== undefined) return ms;
    }
    return undefined;
  }

  private endPlay(resultDescription: string | undefined, publish: boolean): void {
    const play = this.playing;
    if (!play) return;
    clearTimeout(play.timer);
    this.playing = undefined;
    settle(play.state, 'FINISHED', resultDescription);
    trimInstantStates(this.vehicle);
    if (publish) this.onChange();
  }

  private stop(action: InstantAction, state: ActionState): Failure {
    const p = parseParameters(stopParameters, action);
    if (!p.ok) return p.error;
    const stopped = this.playing?.state.actionId;
    this.endPlay('stopped', false);
    settle(state, 'FINISHED', stopped ? `stopped ${stopped}` : 'nothing was playing');
    return undefined;
  }

  private setVolume(action: InstantAction, state: ActionState): Failure {
    const p = parseParameters(setVolumeParameters, action);
    if (!p.ok) return p.error;
    this.volume = p.value.volume;
    settle(state, 'FINISHED', `volume ${p.value.volume}`);
    return undefined;
  }

  /** A download's next stage, published. */
  private update(d: Download, status: 'INITIALIZING' | 'RUNNING'): void {
    if (d.ended) return;
    d.state.actionStatus = status;
    this.onChange();
  }

  /** Ends a download; `publish` false when `receive` is running and publishes anyway. */
  private end(d: Download, status: 'FINISHED' | 'FAILED', description: string, publish = true): void {
    if (d.ended) return;
    d.ended = true;
    if (this.downloads.get(d.groupId) === d) this.downloads.delete(d.groupId);
    settle(d.state, status, description);
    // Cancels the files still under way (their errors are ignored: the download has ended).
    d.ctl.abort(new AudioFailure(description));
    trimInstantStates(this.vehicle);
    if (publish) this.onChange();
  }
}

function settle(state: ActionState, status: 'FINISHED' | 'FAILED', resultDescription?: string): void {
  state.actionStatus = status;
  if (resultDescription === undefined) delete state.resultDescription;
  else state.resultDescription = resultDescription;
}

/** Rewords a failure as `{what}: {reason}`. */
function prefix(what: string): (err: unknown) => never {
  return (err) => {
    if (err instanceof AudioFailure) throw new AudioFailure(`${what}: ${err.message}`);
    throw err;
  };
}

/** The manifest, checked against the action that asked for it. */
function readManifest(json: unknown, p: DownloadParameters): AudioManifest {
  const parsed = audioManifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AudioFailure(`manifest: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const m = parsed.data;
  if (m.groupId !== p.groupId || m.version !== p.version || m.kind !== p.kind)
    throw new AudioFailure(
      `manifest is for ${m.kind} ${m.groupId} version ${m.version}, not ${p.kind} ${p.groupId} version ${p.version}`,
    );
  for (const f of m.files) {
    if (!SHA256_HEX.test(f.sha256.toLowerCase()))
      throw new AudioFailure(`manifest: clip ${f.clipId}: sha256 is not 64 hex digits`);
    if (f.sizeBytes < 0) throw new AudioFailure(`manifest: clip ${f.clipId}: negative sizeBytes`);
  }
  return m;
}
