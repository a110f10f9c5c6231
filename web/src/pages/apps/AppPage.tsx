import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function AppPage() {
  return <ScreenPlaceholder ns="apps" section="app" />;
}
