import type { AnalysisSummary } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { KpiCard } from './KpiCard';
import { visibleCards } from './kpi-cards.utils';
import type { KpiFormat } from './kpi-format.utils';

interface Props {
  summary: AnalysisSummary;
  format: KpiFormat;
  dayLabel: (date: string) => string;
}

/** Every figure of the range, except areas the company has none of (lifts, calls, cleaning). */
export function KpiCards({ summary, format, dayLabel }: Props) {
  const { t } = useTranslation('analysis');
  const previous = summary.previousPeriod;
  const previousRange = previous
    ? t('card.previousRange', { from: dayLabel(previous.from), to: dayLabel(previous.to) })
    : null;
  return (
    <div
      data-testid="kpi-cards"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 12 }}
    >
      {visibleCards(summary.cards).map((card) => (
        <KpiCard key={card.id} card={card} format={format} previousRange={previousRange} />
      ))}
    </div>
  );
}
