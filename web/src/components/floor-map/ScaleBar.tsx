import { theme } from 'antd';
import { useUnits } from '../../units/use-units';
import { scaleBar } from './scale-bar';

const MAX_WIDTH_PX = 120;

/** A round length of the map in the user's units, redrawn only when the zoom changes. */
export function ScaleBar({ ppm }: { ppm: number }) {
  const units = useUnits();
  const { token } = theme.useToken();
  const bar = scaleBar(ppm, MAX_WIDTH_PX, units.system);
  return (
    <div
      data-testid="map-scale-bar"
      style={{
        position: 'absolute',
        left: 12,
        bottom: 10,
        fontSize: 12,
        color: token.colorText,
        pointerEvents: 'none',
      }}
    >
      <div>{units.length(bar.metres, 1)}</div>
      <div
        style={{
          width: bar.pixels,
          height: 6,
          borderLeft: `2px solid ${token.colorText}`,
          borderRight: `2px solid ${token.colorText}`,
          borderBottom: `2px solid ${token.colorText}`,
        }}
      />
    </div>
  );
}
