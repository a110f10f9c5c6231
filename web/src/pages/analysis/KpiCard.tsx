import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  InfoCircleOutlined,
  MinusOutlined,
} from '@ant-design/icons';
import type { KpiCard as Card } from '@fleet/contract';
import { Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { kpiChange, targetState } from './kpi-cards.utils';
import { formatKpi, type KpiFormat } from './kpi-format.utils';

interface Props {
  card: Card;
  format: KpiFormat;
  /** The period before, as text, when compared ("Aug 3 – Aug 9"). */
  previousRange: string | null;
}

const ARROWS = { up: ArrowUpOutlined, down: ArrowDownOutlined, flat: MinusOutlined } as const;

/** One figure: its value, the change from the period before (coloured the figure's way), and its target. */
export function KpiCard({ card, format, previousRange }: Props) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const change = kpiChange(card.id, card.value, card.previous, format, (value) =>
    t('units.points', { value }),
  );
  const target = targetState(card);
  const toneColour = {
    good: token.colorSuccessText,
    bad: token.colorErrorText,
    neutral: token.colorTextSecondary,
  };
  const name = t(`kpis.${card.id}.name`);
  const Arrow = change ? ARROWS[change.direction] : null;
  return (
    <Panel style={{ padding: 14 }} data-testid={`kpi-${card.id}`} role="group" aria-label={name}>
      <Flex vertical gap={4}>
        <Flex align="center" gap={6}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }} ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
          <Tooltip
            title={
              <>
                <strong>{t('card.formula')}</strong>
                <br />
                {t(`kpis.${card.id}.formula`)}
              </>
            }
          >
            <InfoCircleOutlined
              aria-label={t(`kpis.${card.id}.formula`)}
              tabIndex={0}
              style={{ color: token.colorTextTertiary, fontSize: 12 }}
              data-testid={`kpi-${card.id}-formula`}
            />
          </Tooltip>
        </Flex>
        <span
          style={{ fontSize: 24, fontWeight: 600, lineHeight: 1.25, color: token.colorTextHeading }}
          data-testid={`kpi-${card.id}-value`}
        >
          {formatKpi(card.id, card.value, format)}
        </span>
        <Tooltip
          title={
            previousRange &&
            t('card.previous', { value: `${formatKpi(card.id, card.previous, format)} (${previousRange})` })
          }
        >
          <span
            style={{ fontSize: 12, color: change ? toneColour[change.tone] : token.colorTextTertiary }}
            data-testid={`kpi-${card.id}-change`}
            data-tone={change?.tone}
          >
            {change && Arrow ? (
              <>
                <Arrow aria-label={t(`card.${change.direction}`)} /> {change.text}
              </>
            ) : previousRange ? (
              t('card.previous', { value: formatKpi(card.id, card.previous, format) })
            ) : (
              t('card.noPrevious')
            )}
          </span>
        </Tooltip>
        <span
          style={{ fontSize: 12, color: token.colorTextSecondary }}
          data-testid={`kpi-${card.id}-target`}
          data-target={target}
        >
          {target === 'none' ? (
            t('card.noTarget')
          ) : (
            <>
              {t('card.target', { value: formatKpi(card.id, card.target, format) })}
              {target === 'met' && (
                <>
                  {' '}
                  · <CheckCircleFilled style={{ color: token.colorSuccess }} aria-hidden /> {t('card.met')}
                </>
              )}
              {target === 'missed' && (
                <>
                  {' '}
                  · <CloseCircleFilled style={{ color: token.colorError }} aria-hidden /> {t('card.missed')}
                </>
              )}
              {target === 'unknown' && <> · {t('card.unknown')}</>}
            </>
          )}
        </span>
      </Flex>
    </Panel>
  );
}
