import { MapScreen } from './MapScreen';

export default function MapPage() {
  return <MapScreen section="map" />;
}
