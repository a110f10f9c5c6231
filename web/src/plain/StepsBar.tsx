import './steps-bar.css';

/** antd's small Progress with steps (`steps`, `size="small"`, no info): a row of short bars, decorative. */
export function StepsBar({ percent, steps, colour }: { percent: number; steps: number; colour: string }) {
  const filled = Math.round((steps * Math.min(100, Math.max(0, percent))) / 100);
  return (
    <span className="fc-steps" aria-hidden>
      {Array.from({ length: steps }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical bars
        <span key={i} className="fc-steps-item" style={i < filled ? { background: colour } : undefined} />
      ))}
    </span>
  );
}
