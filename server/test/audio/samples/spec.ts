/** What every generator is asked for; `audioSample` fills in the defaults. */
export interface SampleSpec {
  durationS: number;
  /** Hz. For Opus, the input rate its header records: Opus itself always runs at 48 kHz. */
  sampleRate: number;
  channels: 1 | 2;
}
