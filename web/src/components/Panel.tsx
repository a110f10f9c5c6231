import { theme } from 'antd';
import type { HTMLAttributes } from 'react';

/**
 * A bordered surface in antd's card style. antd's Card would bring Tabs, Dropdown and Menu along (about
 * 30 KB gzip) to every screen that only needs a box; the first screens have a size budget.
 */
export function Panel({ style, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
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
  const { token } = theme.useToken();
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag
      {...rest}
      style={{
        margin: 0,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 1 ? token.fontSizeHeading3 : token.fontSizeHeading4,
        lineHeight: token.lineHeightHeading3,
        ...style,
      }}
    />
  );
}
