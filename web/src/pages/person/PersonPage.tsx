import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function PersonPage() {
  return <ScreenPlaceholder ns="person" section="person" />;
}
