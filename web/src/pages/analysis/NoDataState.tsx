import { addDays, daysBetween, RANGE_DAYS_MAX } from '@fleet/contract';
import { Button, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { presetRange } from './date-presets.utils';

interface Props {
  from: string;
  to: string;
  /** The first day with any figure; null before the first. */
  firstDay: string | null;
  today: string;
  dayLabel: (date: string) => string;
  onRange: (from: string, to: string) => void;
}

/** "No data in this range", with what to do about it: never a row of blank charts. */
export function NoDataState({ from, to, firstDay, today, dayLabel, onRange }: Props) {
  const { t } = useTranslation('analysis');
  const last30 = presetRange('last30', today);
  // From the first day on, as far as the contract allows in one range.
  const sinceFirst = firstDay
    ? {
        from: firstDay,
        to: daysBetween(firstDay, today) < RANGE_DAYS_MAX ? today : addDays(firstDay, RANGE_DAYS_MAX - 1),
      }
    : null;
  const showsLast30 = from === last30.from && to === last30.to;
  return (
    <Panel data-testid="analysis-empty">
      <Empty
        style={{ paddingBlock: 40 }}
        description={
          <Flex vertical gap={6} align="center">
            <Typography.Text strong>{t('empty.title')}</Typography.Text>
            <Typography.Text type="secondary" style={{ maxWidth: 560 }}>
              {firstDay
                ? t('empty.description', {
                    from: dayLabel(from),
                    to: dayLabel(to),
                    firstDay: dayLabel(firstDay),
                  })
                : t('empty.noneYet')}
            </Typography.Text>
          </Flex>
        }
      >
        <Flex gap={8} justify="center" wrap>
          {sinceFirst && (sinceFirst.from !== from || sinceFirst.to !== to) && (
            <Button
              type="primary"
              onClick={() => onRange(sinceFirst.from, sinceFirst.to)}
              data-testid="empty-from-first"
            >
              {t('empty.showFromFirst', { date: dayLabel(sinceFirst.from) })}
            </Button>
          )}
          {!showsLast30 && (
            <Button onClick={() => onRange(last30.from, last30.to)} data-testid="empty-last30">
              {t('empty.showLast30')}
            </Button>
          )}
        </Flex>
      </Empty>
    </Panel>
  );
}
