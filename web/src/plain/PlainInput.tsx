import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { type InputHTMLAttributes, useState } from 'react';
import { SvgIcon } from './SvgIcon';
import './plain-input.css';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

/** antd's Input, outlined, with its error state. */
export function PlainInput({ invalid = false, className, ...rest }: InputProps) {
  const classes = ['fc-input'];
  if (invalid) classes.push('fc-input-error');
  if (className) classes.push(className);
  return <input {...rest} className={classes.join(' ')} />;
}

/**
 * antd's Input.Password: the eye shows or hides what was typed. `showLabel`/`hideLabel` name the eye for
 * screen readers in the user's language.
 */
export function PlainPasswordInput({
  invalid = false,
  showLabel,
  hideLabel,
  ...rest
}: Omit<InputProps, 'type'> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((v) => !v);
  return (
    <span className={invalid ? 'fc-input-affix fc-input-error' : 'fc-input-affix'}>
      <input {...rest} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="fc-input-suffix"
        aria-pressed={visible}
        aria-label={visible ? hideLabel : showLabel}
        onClick={toggle}
      >
        <SvgIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
}
