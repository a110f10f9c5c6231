import type { BuildingDetail } from '@fleet/contract';
import { Flex, Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_TAG_STYLES } from '../../components/floor-map/robot-colours';
import { Heading, Panel } from '../../components/Panel';
import type { FleetStore } from '../../live/fleet-store';
import { useFleetList } from '../../live/use-fleet';
import { type BuildingRobotRow, buildingRobotRows } from './building-robots.utils';

/** The robots of the building, live; each opens on the Robots screen, which has their details and commands. */
export function BuildingRobots({ building, store }: { building: BuildingDetail; store: FleetStore }) {
  const { t } = useTranslation(['buildings', 'live']);
  const robots = useFleetList(store, 1000);
  const rows = useMemo(() => buildingRobotRows(robots, building.id, building.floors), [robots, building]);

  const columns: TableColumnsType<BuildingRobotRow> = [
    {
      title: t('robots.name'),
      key: 'name',
      render: (_, r) => (
        <Link
          to={`/robots?robot=${r.id}`}
          aria-label={t('robots.openOf', { name: r.name })}
          data-testid="building-robot"
        >
          {r.name}
        </Link>
      ),
    },
    {
      title: t('robots.status'),
      key: 'status',
      render: (_, { robot }) => (
        <Tag style={STATUS_TAG_STYLES[robot.status]} data-status={robot.status}>
          {t(robot.stale && robot.status !== 'offline' ? 'live:status.stale' : `live:status.${robot.status}`)}
        </Tag>
      ),
    },
    {
      title: t('robots.battery'),
      key: 'battery',
      render: (_, { robot }) =>
        robot.battery === null ? (
          <Typography.Text type="secondary">{t('none')}</Typography.Text>
        ) : (
          <Flex align="center" gap={6}>
            <Progress percent={robot.battery} steps={5} size="small" showInfo={false} aria-hidden />
            <span>{Math.round(robot.battery)} %</span>
          </Flex>
        ),
    },
    {
      title: t('robots.floor'),
      key: 'floor',
      render: (_, r) =>
        r.floorName ?? <Typography.Text type="secondary">{t('robots.noFloor')}</Typography.Text>,
    },
  ];

  return (
    <Panel>
      <Heading level={2} style={{ marginBottom: 12 }}>
        {t('robots.title')}
      </Heading>
      <Table<BuildingRobotRow>
        rowKey="id"
        size="small"
        data-testid="building-robots"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('robots.empty') }}
      />
    </Panel>
  );
}
