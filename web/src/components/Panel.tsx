import type { HTMLAttributes } from 'react';
import '../styles/tokens.css';

/**
 * A bordered surface in antd's card style. antd's Card would bring Tabs, Dropdown and Menu along (about
 * 30 KB gzip) to every screen that only needs a box, and the sign-in screen draws it before antd loads.
 */
export function Panel({ style, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      {...rest}
      style={{
        background: 'var(--fc-color-bg-container)',
        border: '1px solid var(--fc-color-border-secondary)',
        borderRadius: 'var(--fc-border-radius-lg)',
        padding: 'var(--fc-padding-lg)',
        // A width given to the box includes its padding: the sign-in card at 100% fits a phone's 390 px.
        boxSizing: 'border-box',
        ...style,
      }}
    />
  );
}

/** A page or card heading in antd's heading style, without Typography's measuring machinery. */
export function Heading({
  level = 1,
  style,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 }) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag
      {...rest}
      style={{
        margin: 0,
        color: 'var(--fc-color-text-heading)',
        fontWeight: 'var(--fc-font-weight-strong)',
        fontSize: level === 1 ? 'var(--fc-font-size-heading-3)' : 'var(--fc-font-size-heading-4)',
        lineHeight: 'var(--fc-line-height-heading-3)',
        ...style,
      }}
    />
  );
}
