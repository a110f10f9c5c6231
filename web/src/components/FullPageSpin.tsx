import { Spin } from 'antd';

/** Shown while a screen's code or translations load. */
export function FullPageSpin() {
  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
