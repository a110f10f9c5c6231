import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Spin, Tag } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewSubsidiaryEntry } from './NewSubsidiary';

// SHELL-COMPANY-EMPTY asks for the Chinese no-data text here whatever the language: antd's own zh_CN wording.
const NO_DATA_TEXT = zhCN.Empty?.description ?? '暂无数据';

/** One entry of the company list, with the subsidiary mark. */
export function CompanyOption({ company }: { company: { name: string; isSubsidiary: boolean } }) {
  const { t } = useTranslation('shell');
  return (
    <span data-testid="company-option">
      {company.name}
      {company.isSubsidiary && (
        <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="subsidiary-tag">
          {t('company.subsidiary')}
        </Tag>
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
}

/**
 * The inside of the company dropdown. Its search box is antd's Input, which brings antd's form context
 * (@rc-component/form) with it, together ~28 KB gzip: it loads with the dropdown (CompanyDropdown.tsx).
 */
export function CompanyPanel({ menu, hasItems, fetching, typed, onType, onNewSubsidiary }: Props) {
  const { t } = useTranslation('shell');
  return (
    <>
      <div style={{ padding: 8 }}>
        <Input
          data-testid="company-search"
          aria-label={t('company.search')}
          placeholder={t('company.search')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          autoFocus
          value={typed}
          onChange={(e) => onType(e.target.value)}
        />
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
