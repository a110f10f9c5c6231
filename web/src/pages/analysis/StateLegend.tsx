import { STATE_KINDS, type StateKind } from '@fleet/contract';
import { Flex } from 'antd';
import { STATUS_COLOURS } from '../../components/floor-map/robot-colours';

/** The colour of each state, as the timelines draw it; the text stays in the page's colour to be read. */
export function StateLegend({
  label,
  only,
}: {
  label: (s: StateKind) => string;
  only?: readonly StateKind[];
}) {
  return (
    <Flex wrap gap={12} style={{ marginBottom: 4, fontSize: 12 }} data-testid="states-legend">
      {STATE_KINDS.filter((s) => !only || only.includes(s)).map((s) => (
        <Flex key={s} align="center" gap={4}>
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 2, background: STATUS_COLOURS[s] }}
          />
          {label(s)}
        </Flex>
      ))}
    </Flex>
  );
}
