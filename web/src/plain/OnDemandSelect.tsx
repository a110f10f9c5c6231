import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import type { SelectProps } from 'antd';
import { type CSSProperties, lazy, Suspense, useRef, useState } from 'react';
import { SvgIcon } from './SvgIcon';
import './on-demand-select.css';

const loadSelect = () => import('./antd-select');
const Select = lazy(loadSelect);

type Props = Omit<SelectProps, 'style' | 'placeholder'> & {
  style: CSSProperties;
  placeholder: string;
  'aria-label': string;
  'data-testid'?: string;
};

const isEmpty = (value: unknown) => value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * antd's Select, loaded when first needed (with its popup and list, ~23 KB gzip). Until then an empty box
 * in its look stands in: same size, placeholder and arrow, focusable as a combobox. The pointer resting on
 * it fetches the code; a click or the focus puts the Select in its place, opened after a click, focused
 * either way. The swap waits for the click to end: a Select appearing between the press and the release
 * would take the release for a click of its own and close again.
 */
export function OnDemandSelect(props: Props) {
  const [wanted, setWanted] = useState(!isEmpty(props.value));
  const intent = useRef({ focus: false, open: false });
  const want = (focus: boolean, open: boolean) => {
    intent.current = { focus: intent.current.focus || focus, open: intent.current.open || open };
    setWanted(true);
  };
  const standIn = (
    <div
      role="combobox"
      tabIndex={0}
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-haspopup="listbox"
      data-testid={props['data-testid']}
      className="fc-select"
      style={props.style}
      onPointerEnter={() => void loadSelect().catch(() => undefined)}
      onFocus={() => want(true, false)}
      // Pressing must not focus the stand-in (which would swap it mid-click); the click swaps it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => want(true, true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          want(true, true);
        }
      }}
    >
      <span className="fc-select-placeholder">{props.placeholder}</span>
      <span className="fc-select-suffix">
        <SvgIcon icon={DownOutlined} label="down" />
      </span>
    </div>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select {...props} autoFocus={intent.current.focus} defaultOpen={intent.current.open} />
    </Suspense>
  );
}
