import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function AudioGroupPage() {
  return <ScreenPlaceholder ns="audio" section="groups" />;
}
