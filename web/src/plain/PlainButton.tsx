import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { SvgIcon } from './SvgIcon';
import './plain-button.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'link';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

// antd spaces out a bordered button's label of exactly two Chinese characters (登录 reads 登 录).
const TWO_CHINESE_CHARACTERS = /^[\u4E00-\u9FA5]{2}$/;

function spaced(children: ReactNode, allowed: boolean): ReactNode {
  return allowed && typeof children === 'string' && TWO_CHINESE_CHARACTERS.test(children)
    ? [...children].join(' ')
    : children;
}

/** antd's Button (default, primary and link; block; loading) as a plain button. */
export function PlainButton({
  variant = 'default',
  block = false,
  loading = false,
  icon,
  className,
  type = 'button',
  children,
  ...rest
}: Props) {
  const classes = ['fc-button'];
  if (variant !== 'default') classes.push(`fc-button-${variant}`);
  if (block) classes.push('fc-button-block');
  if (loading) classes.push('fc-button-loading');
  if (className) classes.push(className);
  return (
    <button {...rest} type={type} className={classes.join(' ')} aria-busy={loading || undefined}>
      {loading ? <SvgIcon icon={LoadingOutlined} spin /> : icon}
      {children !== undefined && <span>{spaced(children, icon === undefined && variant !== 'link')}</span>}
    </button>
  );
}
