import { GlobalOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { Guarded } from '../../components/Guarded';

interface Props {
  view: 'table' | 'map';
  onView: (view: 'table' | 'map') => void;
  typed: string;
  onTyped: (value: string) => void;
  manage: CanAnswer;
  onCreate: () => void;
}

export function BuildingsToolbar({ view, onView, typed, onTyped, manage, onCreate }: Props) {
  const { t } = useTranslation('buildings');
  return (
    <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap>
        <Segmented<'table' | 'map'>
          aria-label={t('views.label')}
          data-testid="buildings-view"
          value={view}
          onChange={onView}
          options={[
            { value: 'table', label: t('views.table'), icon: <UnorderedListOutlined aria-hidden /> },
            { value: 'map', label: t('views.map'), icon: <GlobalOutlined aria-hidden /> },
          ]}
        />
        {view === 'table' && (
          <Input
            data-testid="buildings-search"
            aria-label={t('search')}
            placeholder={t('search')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={typed}
            onChange={(e) => onTyped(e.target.value)}
            style={{ width: 280 }}
          />
        )}
      </Flex>
      {!manage.pending && (
        <Guarded answer={manage}>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            disabled={!manage.allowed}
            data-testid="building-create"
            onClick={onCreate}
          >
            {t('actions.create')}
          </Button>
        </Guarded>
      )}
    </Flex>
  );
}
