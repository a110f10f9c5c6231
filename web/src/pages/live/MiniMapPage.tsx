import { MapScreen } from './MapScreen';

export default function MiniMapPage() {
  return <MapScreen section="miniMap" />;
}
