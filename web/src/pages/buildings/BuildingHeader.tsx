import type { BuildingDetail } from '@fleet/contract';
import { Descriptions, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { DateTimeText } from '../../components/DateTimeText';
import { Heading, Panel } from '../../components/Panel';
import { BuildingActions } from './BuildingActions';
import { BuildingFormModal } from './BuildingFormModal';

interface Props {
  building: BuildingDetail;
  manage: CanAnswer;
  back: ReactNode;
  onRemoved: () => void;
}

const coordinate = (v: number) => v.toFixed(5);

export function BuildingHeader({ building, manage, back, onRemoved }: Props) {
  const { t } = useTranslation('buildings');
  const [editing, setEditing] = useState(false);
  const none = <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  const position =
    building.latitude !== null && building.longitude !== null ? (
      `${coordinate(building.latitude)}, ${coordinate(building.longitude)}`
    ) : (
      <Typography.Text type="secondary">{t('detail.noPosition')}</Typography.Text>
    );

  return (
    <Panel>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Flex align="center" gap={12} wrap>
          {back}
          <Heading level={2} data-testid="building-name">
            {building.name}
          </Heading>
        </Flex>
        <BuildingActions
          building={building}
          manage={manage}
          onEdit={() => setEditing(true)}
          onRemoved={onRemoved}
          size="middle"
        />
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          { key: 'address', label: t('detail.address'), children: building.address ?? none },
          { key: 'timeZone', label: t('detail.timeZone'), children: building.timeZone },
          { key: 'position', label: t('detail.position'), children: position },
          { key: 'created', label: t('detail.created'), children: <DateTimeText iso={building.createdAt} /> },
        ]}
      />
      {editing && <BuildingFormModal building={building} onClose={() => setEditing(false)} />}
    </Panel>
  );
}
