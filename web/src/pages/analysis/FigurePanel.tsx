import { Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, Panel } from '../../components/Panel';

/** What a panel needs of its query: whether it is loading, failed, and how to ask again. */
export interface FigureState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface Props {
  title: string;
  /** A line under the title: what a click does, which clock the hours are on. */
  hint?: string;
  /** Choices on the right of the title (a selector, a switch). */
  extra?: ReactNode;
  state: FigureState;
  /** The figure has nothing to show: `emptyText` says why, instead of a blank chart. */
  empty?: boolean;
  emptyText?: string;
  /** Height while loading, so the page does not jump when the chart arrives. */
  height: number;
  testId: string;
  children?: ReactNode;
}

/** A chart or table of the analysis screen with its own loading, failure (with retry) and empty states. */
export function FigurePanel({
  title,
  hint,
  extra,
  state,
  empty,
  emptyText,
  height,
  testId,
  children,
}: Props) {
  const { t } = useTranslation('analysis');
  let body: ReactNode;
  if (state.isPending) body = <Skeleton active paragraph={{ rows: Math.max(2, Math.round(height / 48)) }} />;
  else if (state.isError)
    body = (
      <Result
        status="warning"
        title={t('figure.failed')}
        extra={<Button onClick={() => state.refetch()}>{t('figure.retry')}</Button>}
      />
    );
  else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  else body = children;
  return (
    <Panel
      role="region"
      style={{ padding: 16, minWidth: 0 }}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Flex vertical>
          <Heading level={2} id={`${testId}-title`} style={{ fontSize: 16 }}>
            {title}
          </Heading>
          {hint && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Typography.Text>
          )}
        </Flex>
        {extra}
      </Flex>
      <div style={{ minHeight: state.isPending ? height : undefined }}>{body}</div>
    </Panel>
  );
}
