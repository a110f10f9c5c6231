import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { CSSProperties, InputHTMLAttributes } from 'react';
import { SvgIcon } from './SvgIcon';
import './plain-input.css';
import './plain-search-input.css';

/**
 * antd's Input with a search icon before the text and `allowClear`: the clear button shows while there is
 * text, and keeps its place while hidden.
 */
export function PlainSearchInput({
  value,
  onValueChange,
  style,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'style'> & {
  value: string;
  onValueChange: (value: string) => void;
  style?: CSSProperties;
}) {
  return (
    <span className="fc-input-affix" style={style}>
      <span className="fc-input-prefix">
        <SvgIcon icon={SearchOutlined} />
      </span>
      <input
        {...rest}
        type="text"
        style={{ textOverflow: 'ellipsis' }}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
      <button
        type="button"
        className={value ? 'fc-input-clear' : 'fc-input-clear fc-input-clear-hidden'}
        // Clearing keeps the focus in the box, as antd's does.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onValueChange('')}
      >
        <SvgIcon icon={CloseCircleFilled} label="close-circle" />
      </button>
    </span>
  );
}
