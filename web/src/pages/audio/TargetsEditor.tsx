import type { Building, GroupTargets } from '@fleet/contract';
import { Alert, Flex, Form, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import type { AudioRobotChoice } from '../../api/audio/robot-choices-query';
import { reachedRobotIds } from './targets.utils';

interface Props {
  targets: GroupTargets;
  buildings: readonly Building[];
  robots: readonly AudioRobotChoice[];
  manage: CanAnswer;
  onChange: (targets: GroupTargets) => void;
}

/** Who gets a group: whole buildings (robots added later too) and single robots. */
export function TargetsEditor({ targets, buildings, robots, manage, onChange }: Props) {
  const { t } = useTranslation('audio');
  const reached = reachedRobotIds(targets, robots).length;
  const buildingName = useMemo(() => new Map(buildings.map((b) => [b.id, b.name])), [buildings]);

  // Robots grouped by building, those without one last.
  const robotOptions = useMemo(() => {
    const byBuilding = new Map<string, AudioRobotChoice[]>();
    for (const r of robots) {
      const key = r.buildingId ?? '';
      byBuilding.set(key, [...(byBuilding.get(key) ?? []), r]);
    }
    return [...byBuilding.entries()]
      .sort(([a], [b]) =>
        a === '' ? 1 : b === '' ? -1 : (buildingName.get(a) ?? '').localeCompare(buildingName.get(b) ?? ''),
      )
      .map(([id, list]) => ({
        label: id ? (buildingName.get(id) ?? t('targets.otherBuilding')) : t('targets.noBuilding'),
        title: id,
        options: list.map((r) => ({ value: r.id, label: `${r.name} · ${r.serialNumber}` })),
      }));
  }, [robots, buildingName, t]);

  return (
    <Form layout="vertical" component="div" disabled={!manage.allowed} style={{ maxWidth: 760 }}>
      <Typography.Paragraph type="secondary">{t('targets.intro')}</Typography.Paragraph>
      <Form.Item label={t('targets.buildings')} extra={t('targets.buildingsHint')}>
        <Select
          mode="multiple"
          allowClear
          aria-label={t('targets.buildings')}
          placeholder={t('targets.buildingsPlaceholder')}
          value={targets.buildingIds}
          onChange={(buildingIds: string[]) => onChange({ ...targets, buildingIds })}
          showSearch={{ optionFilterProp: 'label' }}
          options={buildings.map((b) => ({ value: b.id, label: b.name, robots: b.robotCount }))}
          optionRender={(o) => (
            <Flex justify="space-between" gap={8}>
              <span>{o.label}</span>
              <Typography.Text type="secondary">
                {t('targets.robotCount', { n: o.data.robots })}
              </Typography.Text>
            </Flex>
          )}
          data-testid="targets-buildings"
        />
      </Form.Item>
      <Form.Item label={t('targets.robots')} extra={t('targets.robotsHint')}>
        <Select
          mode="multiple"
          allowClear
          aria-label={t('targets.robots')}
          placeholder={t('targets.robotsPlaceholder')}
          value={targets.robotIds}
          onChange={(robotIds: string[]) => onChange({ ...targets, robotIds })}
          showSearch={{ optionFilterProp: 'label' }}
          options={robotOptions}
          data-testid="targets-robots"
        />
      </Form.Item>
      <Alert
        type={reached ? 'info' : 'warning'}
        showIcon
        title={reached ? t('targets.reaches', { n: reached }) : t('targets.none')}
        data-testid="targets-reach"
      />
    </Form>
  );
}
