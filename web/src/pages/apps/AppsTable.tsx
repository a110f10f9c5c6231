import { WarningOutlined } from '@ant-design/icons';
import type { ApiApp } from '@fleet/contract';
import { Button, Flex, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../components/DateTimeText';
import { type AppAction, AppActions } from './AppActions';
import { AppStatusTag } from './AppStatusTag';
import { RobotReach } from './RobotReach';
import { scopeKey } from './text-keys';

interface Props {
  apps: ApiApp[] | undefined;
  loading: boolean;
  mayReview: boolean;
  onOpen: (app: ApiApp) => void;
  onAction: (action: AppAction, app: ApiApp) => void;
}

/** The company's API applications: what each may do, how many robots it reaches, when it was last used. */
export function AppsTable({ apps, loading, mayReview, onOpen, onAction }: Props) {
  const { t } = useTranslation('apps');
  return (
    <Table<ApiApp>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={apps}
      pagination={false}
      data-testid="apps-table"
      locale={{ emptyText: t('list.empty') }}
      columns={[
        {
          title: t('list.name'),
          key: 'name',
          render: (_, app) => (
            <Flex vertical gap={2}>
              <Flex gap={6} align="center">
                <Button
                  type="link"
                  style={{ padding: 0, height: 'auto', fontWeight: 500 }}
                  onClick={() => onOpen(app)}
                  data-testid="app-name"
                >
                  {app.name}
                </Button>
                {app.needsReview && (
                  <Tooltip title={t('review.why')}>
                    <Tag icon={<WarningOutlined />} color="orange" data-testid="app-needs-review">
                      {t('review.flag')}
                    </Tag>
                  </Tooltip>
                )}
              </Flex>
              <RobotReach app={app} />
            </Flex>
          ),
        },
        {
          title: t('list.status'),
          key: 'status',
          width: 110,
          render: (_, app) => <AppStatusTag status={app.status} />,
        },
        {
          title: t('list.scopes'),
          key: 'scopes',
          render: (_, app) => (
            <Flex gap={4} wrap>
              {app.scopes.map((s) => (
                <Tag key={s} style={{ marginInlineEnd: 0 }}>
                  {t(scopeKey(s))}
                </Tag>
              ))}
            </Flex>
          ),
        },
        {
          title: t('list.lastUsed'),
          key: 'lastUsed',
          width: 150,
          render: (_, app) => (app.lastUsedAt ? <DateTimeText iso={app.lastUsedAt} /> : t('list.never')),
        },
        {
          title: t('list.actions'),
          key: 'actions',
          width: 80,
          align: 'center',
          render: (_, app) => <AppActions app={app} mayReview={mayReview} onAction={onAction} />,
        },
      ]}
    />
  );
}
