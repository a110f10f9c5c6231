import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function BuildingsPage() {
  return <ScreenPlaceholder ns="buildings" section="buildings" />;
}
