import { SearchOutlined, WarningOutlined } from '@ant-design/icons';
import { Empty, Input, Segmented, Spin, Tag, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyEntry } from './device-owners.utils';
import { NewSubsidiaryEntry } from './NewSubsidiary';

// SHELL-COMPANY-EMPTY asks for the Chinese no-data text here whatever the language: antd's own zh_CN wording.
const NO_DATA_TEXT = zhCN.Empty?.description ?? '暂无数据';

/** One entry of the company list, with the subsidiary mark. */
export function CompanyOption({ company }: { company: CompanyEntry }) {
  const { t } = useTranslation('shell');
  return (
    <span data-testid="company-option">
      {company.name}
      {company.isSubsidiary && (
        <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="subsidiary-tag">
          {t('company.subsidiary')}
        </Tag>
      )}
      {company.devices && (
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 12 }}
          data-testid="company-devices"
        >
          {company.devices.join(', ')}
        </Typography.Text>
      )}
    </span>
  );
}

interface Props {
  /** antd's rendered menu of the companies found. */
  menu: ReactNode;
  hasItems: boolean;
  fetching: boolean;
  typed: string;
  onType: (text: string) => void;
  onNewSubsidiary: () => void;
  /** A super admin may find a company by a device's name instead (null: nobody else sees the choice). */
  byDevice: boolean | null;
  onByDevice: (byDevice: boolean) => void;
  /** Shown above the list: the companies are this server's alone because the device gateway did not answer. */
  warning?: string;
}

/**
 * The inside of the company dropdown. Its search box is antd's Input, which brings antd's form context
 * (@rc-component/form) with it, together ~28 KB gzip: it loads with the dropdown (CompanyDropdown.tsx).
 */
export function CompanyPanel(props: Props) {
  const { menu, hasItems, fetching, typed, onType, onNewSubsidiary, byDevice, onByDevice, warning } = props;
  const { t } = useTranslation('shell');
  const search = byDevice ? t('company.searchByDevice') : t('company.search');
  return (
    <>
      <div style={{ padding: 8 }}>
        {byDevice !== null && (
          <Segmented<'name' | 'device'>
            block
            size="small"
            style={{ marginBottom: 8 }}
            data-testid="company-search-mode"
            value={byDevice ? 'device' : 'name'}
            onChange={(mode) => onByDevice(mode === 'device')}
            options={[
              { value: 'name', label: t('company.byName') },
              { value: 'device', label: t('company.byDevice') },
            ]}
          />
        )}
        <Input
          data-testid="company-search"
          aria-label={search}
          placeholder={search}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          autoFocus
          value={typed}
          onChange={(e) => onType(e.target.value)}
        />
        {warning && (
          <Typography.Text
            type="warning"
            role="status"
            style={{ display: 'block', fontSize: 12, marginTop: 6 }}
            data-testid="company-gateway-warning"
          >
            <WarningOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
            {warning}
          </Typography.Text>
        )}
      </div>
      {hasItems ? (
        <div style={{ maxHeight: 320, overflowY: 'auto' }}>{menu}</div>
      ) : fetching ? (
        <Spin size="small" style={{ display: 'block', padding: 16 }} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={NO_DATA_TEXT}
          style={{ paddingBottom: 16 }}
        />
      )}
      <NewSubsidiaryEntry onOpen={onNewSubsidiary} />
    </>
  );
}
