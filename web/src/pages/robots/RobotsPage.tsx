import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function RobotsPage() {
  return <ScreenPlaceholder ns="robots" section="robots" />;
}
