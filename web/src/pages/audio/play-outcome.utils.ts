import type { PlayOutcome } from '@fleet/contract';

export type PlayOp = 'play' | 'stop' | 'volume';

/** How an answer reads: antd's alert type and the key of its words under `play.outcomes`. */
export function outcomeView(answer: Pick<PlayOutcome, 'outcome'>): {
  type: 'success' | 'warning' | 'info';
  key: PlayOutcome['outcome'];
} {
  switch (answer.outcome) {
    case 'acknowledged':
      return { type: 'success', key: 'acknowledged' };
    case 'unsupported':
      return { type: 'info', key: 'unsupported' };
    default:
      return { type: 'warning', key: answer.outcome };
  }
}

/** The values an answer's words need: how fast, at what volume, the robot's reason. */
export function outcomeParams(answer: PlayOutcome, robot: string): Record<string, string | number> {
  return {
    robot,
    ms: answer.answeredInMs ?? '–',
    volume: answer.volume ?? '–',
    reason: answer.reason ?? '–',
  };
}
