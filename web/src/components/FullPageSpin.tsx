import { Spinner } from '../plain/Spinner';

/** Shown while a screen's code or translations load; drawn without antd, which may not be loaded yet. */
export function FullPageSpin() {
  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Spinner size="large" />
    </div>
  );
}
