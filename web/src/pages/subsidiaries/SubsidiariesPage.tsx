import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function SubsidiariesPage() {
  return <ScreenPlaceholder ns="subsidiaries" section="subsidiaries" />;
}
