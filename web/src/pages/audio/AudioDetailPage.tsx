import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function AudioDetailPage() {
  return <ScreenPlaceholder ns="audio" section="detail" />;
}
