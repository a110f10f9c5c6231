import { EnvironmentOutlined } from '@ant-design/icons';
import type { Floor } from '@fleet/contract';
import { Button, Empty, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LandingValues } from './lift-form.utils';
import { WaypointInputs } from './WaypointInputs';
import { WaypointPickModal } from './WaypointPickModal';

interface Props {
  floors: readonly Floor[];
  /** The server's complaints by row and part (`2.outside`, `2`). */
  landingIssues: Readonly<Record<string, string[]>>;
}

interface Row {
  key: number;
  row: number;
}

/** One row per served floor and door: the vendor's floor code and where the robot waits and stands in the car. */
export function LandingsTable({ floors, landingIssues }: Props) {
  const { t } = useTranslation(['lifts', 'errors']);
  const form = Form.useFormInstance();
  // Read at render: the list re-renders its rows whenever they change (a watch lags the rows by a render).
  const landingAt = (row: number) => form.getFieldValue(['landings', row]) as LandingValues | undefined;
  const [picking, setPicking] = useState<number>();
  const floorOf = (id: string | undefined) => floors.find((f) => f.id === id);
  const rowLabel = (l: LandingValues | undefined) =>
    l ? `${floorOf(l.floorId)?.name ?? ''} ${t(`config.sides.${l.side}`)}` : '';
  const problems = (key: string) =>
    landingIssues[key]?.map((m) => (
      <Typography.Text
        key={m}
        type="danger"
        style={{ display: 'block', fontSize: 12 }}
        data-testid={`landing-error-${key}`}
      >
        {m}
      </Typography.Text>
    ));
  const waypoint = (which: 'outside' | 'inside') => ({
    key: which,
    title: t(`config.landings.${which}`),
    render: (_: unknown, r: Row) => (
      <>
        <WaypointInputs
          row={r.row}
          which={which}
          label={`${rowLabel(landingAt(r.row))}, ${t(`config.landings.${which}`)}`}
          invalid={Boolean(landingIssues[`${r.row}.${which}`])}
        />
        {problems(`${r.row}.${which}`)}
      </>
    ),
  });

  return (
    <Form.Item label={t('config.landings.title')} extra={t('config.landings.hint')} required>
      <Form.List name="landings">
        {(fields) => (
          <Table<Row>
            size="small"
            data-testid="landings-table"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={fields.map((f) => ({ key: f.key, row: f.name }))}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('config.landings.empty')} />
              ),
            }}
            columns={[
              {
                key: 'floor',
                title: t('config.landings.floor'),
                render: (_, r) => (
                  <>
                    <span>{floorOf(landingAt(r.row)?.floorId)?.name ?? '–'}</span>
                    {problems(String(r.row))}
                  </>
                ),
              },
              {
                key: 'side',
                title: t('config.landings.side'),
                render: (_, r) => <Tag>{t(`config.sides.${landingAt(r.row)?.side ?? 'front'}`)}</Tag>,
              },
              {
                key: 'floorCode',
                title: t('config.landings.floorCode'),
                render: (_, r) => (
                  <Form.Item
                    name={[r.row, 'floorCode']}
                    style={{ marginBottom: 0 }}
                    rules={[
                      { required: true, whitespace: true, message: t('errors:validation.required') },
                      { max: 16, message: t('errors:validation.tooLong', { max: 16 }) },
                    ]}
                  >
                    <Input
                      size="small"
                      aria-label={t('config.landings.floorCodeOf', { label: rowLabel(landingAt(r.row)) })}
                      style={{ width: 72 }}
                    />
                  </Form.Item>
                ),
              },
              waypoint('outside'),
              waypoint('inside'),
              {
                key: 'pick',
                title: '',
                render: (_, r) => (
                  <Button
                    size="small"
                    icon={<EnvironmentOutlined aria-hidden />}
                    aria-label={t('config.landings.pickOf', { label: rowLabel(landingAt(r.row)) })}
                    onClick={() => setPicking(r.row)}
                  >
                    {t('config.landings.pick')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Form.List>
      {picking !== undefined && landingAt(picking) && (
        <WaypointPickModal
          floor={floorOf(landingAt(picking)?.floorId)}
          landing={landingAt(picking) as LandingValues}
          title={rowLabel(landingAt(picking))}
          onClose={() => setPicking(undefined)}
          onPicked={(outside, inside) => {
            form.setFieldValue(['landings', picking, 'outside'], outside);
            form.setFieldValue(['landings', picking, 'inside'], inside);
            setPicking(undefined);
          }}
        />
      )}
    </Form.Item>
  );
}
