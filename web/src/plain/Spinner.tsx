import './spinner.css';

/** antd's Spin (four turning dots) in CSS, for places that show before antd loads. */
export function Spinner({ size = 'default' }: { size?: 'small' | 'default' | 'large' }) {
  return (
    <span aria-busy="true" className={size === 'default' ? 'fc-spin' : `fc-spin fc-spin-${size}`}>
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
