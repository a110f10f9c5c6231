import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function RolePage() {
  return <ScreenPlaceholder ns="role" section="role" />;
}
