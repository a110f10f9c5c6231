import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactNode } from 'react';
import './svg-icon.css';

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(draw));
}

/**
 * An antd icon from its SVG definition (`@ant-design/icons-svg/es/asn/…`), drawn as @ant-design/icons draws
 * it, without that package's runtime (context, style injection) on the first page.
 */
export function SvgIcon({
  icon,
  spin = false,
  label,
}: {
  icon: IconDefinition;
  spin?: boolean;
  /** Names the icon for screen readers as antd does (its name: "left", "robot"); hidden without it. */
  label?: string;
}) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span
      role="img"
      aria-hidden={label === undefined}
      aria-label={label}
      className={spin ? 'fc-icon fc-icon-spin' : 'fc-icon'}
    >
      {createElement(
        'svg',
        { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': true },
        svg.children?.map(draw),
      )}
    </span>
  );
}
