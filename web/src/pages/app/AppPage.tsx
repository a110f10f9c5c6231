import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function AppPage() {
  return <ScreenPlaceholder ns="app" section="app" />;
}
