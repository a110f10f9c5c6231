import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../components/DateTimeText';
import { COMMON_LANGS, langName } from './clip-facts.utils';

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  status?: 'error';
  style?: React.CSSProperties;
  /** Languages not to offer (a voice pack's columns already there). */
  exclude?: readonly string[];
  autoFocus?: boolean;
}

/** A BCP 47 language tag: the common ones offered by name, any other typed ("pt-BR"). */
export function LangInput({ value, onChange, exclude = [], ...rest }: Props) {
  const { t } = useTranslation('audio');
  const lng = useLanguage();
  const options = COMMON_LANGS.filter((l) => !exclude.includes(l)).map((l) => ({
    value: l,
    label: `${l} · ${langName(l, lng)}`,
  }));
  return (
    <AutoComplete
      {...rest}
      value={value ?? ''}
      onChange={(v?: string) => onChange?.((v ?? '').trim())}
      options={options}
      placeholder={rest.placeholder ?? t('lang.placeholder')}
      allowClear
      showSearch={{
        filterOption: (input, option) =>
          String(option?.label ?? '')
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
    />
  );
}
