import type { ClipPurpose, EventSlot } from '@fleet/contract';

/**
 * The demo's sounds, synthesised here so the repository ships no audio: short chimes for every slot of a voice
 * pack and two lobby jingles for a playlist, each a 16-bit PCM mono WAV.
 */
export const DEMO_SOUND_RATE = 22050;

export interface DemoSound {
  name: string;
  /** The voice-pack slot a prompt is made for. */
  slot?: EventSlot;
  purpose: ClipPurpose;
  wav: Buffer;
}

const NOTE_STEPS: Readonly<Record<string, number>> = { C: -9, D: -7, E: -5, F: -4, G: -2, A: 0, B: 2 };

/** Equal-tempered frequency of a note such as `A4` (440 Hz), `F#5` or `Bb3`. */
export function pitch(note: string): number {
  const m = /^([A-G])(#|b)?(\d)$/.exec(note);
  const step = m?.[1] ? NOTE_STEPS[m[1]] : undefined;
  if (!m || step === undefined) throw new Error(`not a note: ${note}`);
  const semitones = step + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0) + 12 * (Number(m[3]) - 4);
  return 440 * 2 ** (semitones / 12);
}

const ATTACK_S = 0.006;
/** Every voice ends on a fade this long, so no note stops on a non-zero sample (a click). */
const RELEASE_S = 0.04;

/** 0 → 1 over the attack, 1 → 0 over the release, 1 between. */
function envelopeEdge(t: number, length: number, attack = ATTACK_S): number {
  return Math.min(1, t / attack, (length - t) / RELEASE_S);
}

/**
 * Mixes one sine into `out` from `startS`: amplitude `level` · e^(−decayPerS · t), its edges faded. The sine
 * is stepped as a rotating phasor and the decay as a product, so the jingles' millions of samples cost no
 * sin or exp calls.
 */
function partial(
  out: Float32Array,
  startS: number,
  lengthS: number,
  hz: number,
  level: number,
  decayPerS: number,
  attackS = ATTACK_S,
): void {
  const from = Math.round(startS * DEMO_SOUND_RATE);
  const count = Math.min(out.length - from, Math.round(lengthS * DEMO_SOUND_RATE));
  const step = (2 * Math.PI * hz) / DEMO_SOUND_RATE;
  const cos = Math.cos(step);
  const sin = Math.sin(step);
  const fall = Math.exp(-decayPerS / DEMO_SOUND_RATE);
  let re = 1;
  let im = 0;
  let amp = level;
  for (let i = 0; i < count; i++) {
    out[from + i] = (out[from + i] ?? 0) + amp * envelopeEdge(i / DEMO_SOUND_RATE, lengthS, attackS) * im;
    const next = re * cos - im * sin;
    im = re * sin + im * cos;
    re = next;
    amp *= fall;
  }
}

/** A bell's partials: frequency ratio, level, and how many times faster than the fundamental it dies away. */
const BELL_PARTIALS = [
  [1, 1, 1],
  [2, 0.3, 2],
  [3, 0.1, 3],
  [4.2, 0.04, 4],
] as const;

/** A soft bell: the fundamental falls to e⁻⁴ over `lengthS`, the partials above it sooner. */
function bell(out: Float32Array, startS: number, hz: number, lengthS: number, gain: number): void {
  for (const [ratio, level, fade] of BELL_PARTIALS) {
    partial(out, startS, lengthS, hz * ratio, gain * level, (4 * fade) / lengthS);
  }
}

/** A soft pad for bass lines: a slower attack and a gentler decay than the bell. */
function pad(out: Float32Array, startS: number, hz: number, lengthS: number, gain: number): void {
  partial(out, startS, lengthS, hz, gain, 1 / lengthS, 0.03);
  partial(out, startS, lengthS, 2 * hz, 0.2 * gain, 1 / lengthS, 0.03);
}

/** Scales to a peak of `peak` of full scale, so every clip plays about as loud and none clips. */
function normalise(samples: Float32Array, peak: number): Float32Array {
  const max = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
  return max === 0 ? samples : samples.map((s) => (s * peak) / max);
}

/** A RIFF/WAVE file: PCM, 16-bit, mono. */
export function pcmWav(samples: Float32Array, rate = DEMO_SOUND_RATE): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(out.length - 8, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((s, i) => {
    out.writeInt16LE(Math.round(32767 * Math.max(-1, Math.min(1, s))), 44 + 2 * i);
  });
  return out;
}

/**
 * Bell notes (Hz) one `noteMs` after another, each ringing for `ringMs` under the next: `(n - 1) × noteMs +
 * ringMs` long.
 */
export function chime(notes: number[], noteMs: number, ringMs = noteMs * 3): Buffer {
  const lengthS = ((notes.length - 1) * noteMs + ringMs) / 1000;
  const out = new Float32Array(Math.round(lengthS * DEMO_SOUND_RATE));
  notes.forEach((hz, i) => {
    bell(out, (i * noteMs) / 1000, hz, ringMs / 1000, 1);
  });
  return pcmWav(normalise(out, 0.7));
}

/** A low buzz: `pulses` bursts of a band-limited square wave (odd harmonics only), faded at both ends. */
export function buzz(hz: number, pulseMs: number, pulses: number, gapMs = pulseMs / 2): Buffer {
  const pulseS = pulseMs / 1000;
  const out = new Float32Array(Math.round(((pulses * (pulseMs + gapMs) - gapMs) / 1000) * DEMO_SOUND_RATE));
  for (let p = 0; p < pulses; p++) {
    const from = Math.round(((p * (pulseMs + gapMs)) / 1000) * DEMO_SOUND_RATE);
    for (let i = 0; i < Math.round(pulseS * DEMO_SOUND_RATE) && from + i < out.length; i++) {
      const t = i / DEMO_SOUND_RATE;
      let s = 0;
      for (let k = 1; k <= 9; k += 2) s += Math.sin(2 * Math.PI * hz * k * t) / k;
      out[from + i] = envelopeEdge(t, pulseS, 0.01) * s;
    }
  }
  return pcmWav(normalise(out, 0.6));
}

const notes = (...names: string[]) => names.map(pitch);

/** One prompt per voice-pack slot: a slot the contract adds fails to compile until it has a sound here. */
const PROMPTS: Record<EventSlot, { name: string; wav: () => Buffer }> = {
  taskStart: { name: 'Task start chime', wav: () => chime(notes('C5', 'G5'), 150, 600) },
  taskEnd: { name: 'Task done chime', wav: () => chime(notes('C5', 'E5', 'G5', 'C6'), 100, 800) },
  arrived: { name: 'Arrived ding-dong', wav: () => chime(notes('E5', 'C5'), 450, 1200) },
  makeWay: { name: 'Make way chime', wav: () => chime(notes('G4', 'C5', 'E5'), 200, 700) },
  liftCall: { name: 'Lift call bell', wav: () => chime(notes('A5', 'A5'), 300, 900) },
  liftEnter: { name: 'Lift enter chime', wav: () => chime(notes('D5', 'A5'), 220, 800) },
  liftExit: { name: 'Lift exit chime', wav: () => chime(notes('A5', 'D5'), 220, 800) },
  charging: { name: 'Charging chime', wav: () => chime(notes('F4', 'A4', 'C5', 'F5'), 130, 700) },
  lowBattery: { name: 'Low battery chime', wav: () => chime(notes('E5', 'C5', 'A4'), 250, 800) },
  error: { name: 'Error buzz', wav: () => buzz(140, 180, 2, 80) },
  idleCruise: { name: 'Cruising chime', wav: () => chime(notes('G4', 'B4', 'D5', 'B4'), 300, 900) },
};

/** The chords the tunes use: three bell notes to arpeggiate and a bass note under them. */
const CHORDS: Readonly<Record<string, { notes: [string, string, string]; bass: string }>> = {
  C: { notes: ['C4', 'E4', 'G4'], bass: 'C3' },
  Dm: { notes: ['D4', 'F4', 'A4'], bass: 'D3' },
  F: { notes: ['F3', 'A3', 'C4'], bass: 'F2' },
  G: { notes: ['G3', 'B3', 'D4'], bass: 'G2' },
  Am: { notes: ['A3', 'C4', 'E4'], bass: 'A2' },
  Bb: { notes: ['Bb3', 'D4', 'F4'], bass: 'Bb2' },
};

/**
 * A tune in four-four: the melody as notes with their beats (`A5:1.5`; one beat when bare; `|` between bars,
 * for the reader), and one chord per bar.
 */
interface Tune {
  name: string;
  bpm: number;
  melody: string;
  chords: string[];
}

const LOBBY_TUNES: Tune[] = [
  {
    name: 'Lobby jingle – morning',
    bpm: 112,
    melody:
      'E5 G5 C6 G5 | A5:1.5 G5:.5 E5:2 | F5 A5 C6 A5 | G5:1.5 F5:.5 D5:2 | ' +
      'E5 G5 C6 E6 | D6 C6 A5:2 | F5 A5 G5 B5 | C6:4',
    chords: ['C', 'Am', 'F', 'G', 'C', 'Am', 'F', 'C'],
  },
  {
    name: 'Lobby jingle – evening',
    bpm: 84,
    melody: 'A4:2 C5 F5 | E5:1.5 D5:.5 A4:2 | Bb4 D5 F5 D5 | E5:1.5 D5:.5 C5:2 | D5 F5 E5 G5 | F5:4',
    chords: ['F', 'Dm', 'Bb', 'C', 'Bb', 'F'],
  },
];

/** The last chord rings on this long after the final beat. */
const TAIL_S = 2;

function playTune(tune: Tune): Buffer {
  const beatS = 60 / tune.bpm;
  const barS = 4 * beatS;
  const out = new Float32Array(Math.round((tune.chords.length * barS + TAIL_S) * DEMO_SOUND_RATE));
  let beat = 0;
  for (const token of tune.melody.split(/\s+/).filter((t) => t !== '|')) {
    const [note = '', beats = '1'] = token.split(':');
    bell(out, beat * beatS, pitch(note), Math.max(1.5 * Number(beats) * beatS, 0.8), 0.5);
    beat += Number(beats);
  }
  if (beat !== 4 * tune.chords.length) throw new Error(`${tune.name}: the melody is ${beat} beats long`);
  tune.chords.forEach((name, bar) => {
    const chord = CHORDS[name];
    if (!chord) throw new Error(`no chord ${name}`);
    const start = bar * barS;
    const [root, third, fifth] = chord.notes;
    if (bar < tune.chords.length - 1) {
      pad(out, start, pitch(chord.bass), barS, 0.25);
      [root, third, fifth, third, root, third, fifth, third].forEach((note, e) => {
        bell(out, start + (e * beatS) / 2, pitch(note), beatS, 0.12);
      });
    } else {
      // The closing chord is struck whole and left to ring out.
      pad(out, start, pitch(chord.bass), barS + TAIL_S, 0.25);
      for (const note of chord.notes) bell(out, start, pitch(note), barS + TAIL_S, 0.12);
    }
  });
  // Whatever still rings at the end is faded out with the tail.
  const fade = Math.round(TAIL_S * DEMO_SOUND_RATE);
  for (let i = 0; i < fade; i++) out[out.length - 1 - i] = ((out[out.length - 1 - i] ?? 0) * i) / fade;
  return pcmWav(normalise(out, 0.6));
}

let rendered: readonly DemoSound[] | undefined;

/**
 * Every demo sound: one prompt per voice-pack slot, then the lobby jingles for a playlist. Rendered once per process
 * (a quarter of a second): every test app seeds the demo.
 */
export function demoSounds(): readonly DemoSound[] {
  rendered ??= renderSounds();
  return rendered;
}

function renderSounds(): DemoSound[] {
  const prompts = (Object.entries(PROMPTS) as [EventSlot, (typeof PROMPTS)[EventSlot]][]).map(
    ([slot, p]): DemoSound => ({ name: p.name, slot, purpose: 'prompt', wav: p.wav() }),
  );
  const jingles = LOBBY_TUNES.map(
    (t): DemoSound => ({ name: t.name, purpose: 'playlist', wav: playTune(t) }),
  );
  return [...prompts, ...jingles];
}
