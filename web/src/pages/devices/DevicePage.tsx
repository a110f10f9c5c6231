import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function DevicePage() {
  return <ScreenPlaceholder ns="devices" section="device" />;
}
