import { DownloadOutlined, PlusOutlined, SafetyOutlined, SearchOutlined } from '@ant-design/icons';
import { ROLES, type Role } from '@fleet/contract';
import { Button, Flex, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadPeopleCsv } from '../../api/people/people-export';
import { isRole } from './person-form.utils';

interface Props {
  typed: string;
  onTyped: (value: string) => void;
  role: Role | undefined;
  onRole: (role: Role | undefined) => void;
  /** The filters the export applies (the keyword already trimmed). */
  exportKeyword: string;
  /** Hidden for those who may not add people. */
  onAdd?: (() => void) | undefined;
}

export function PeopleToolbar({ typed, onTyped, role, onRole, exportKeyword, onAdd }: Props) {
  const { t } = useTranslation(['people', 'common']);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadPeopleCsv(
        { ...(exportKeyword ? { keyword: exportKeyword } : {}), ...(role ? { role } : {}) },
        'people.csv',
      );
    } catch {
      // the API client has told the user
    } finally {
      setExporting(false);
    }
  }

  return (
    <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Space wrap>
        <Input
          data-testid="people-search"
          aria-label={t('toolbar.search')}
          placeholder={t('toolbar.search')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={typed}
          onChange={(e) => onTyped(e.target.value)}
          style={{ width: 280 }}
        />
        <Select<string>
          data-testid="people-role-filter"
          aria-label={t('toolbar.roleFilter')}
          placeholder={t('toolbar.allRoles')}
          allowClear
          value={role}
          onChange={(value) => onRole(isRole(value) ? value : undefined)}
          style={{ width: 180 }}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`, { ns: 'common' }) }))}
        />
      </Space>
      <Space wrap>
        <Link to="/role">
          <Button icon={<SafetyOutlined aria-hidden />}>{t('toolbar.roles')}</Button>
        </Link>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          data-testid="people-export"
          onClick={exportCsv}
        >
          {t('toolbar.export')}
        </Button>
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} data-testid="person-add" onClick={onAdd}>
            {t('toolbar.add')}
          </Button>
        )}
      </Space>
    </Flex>
  );
}
