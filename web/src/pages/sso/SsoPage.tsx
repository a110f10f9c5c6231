import { useSearchParams } from 'react-router';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

/** /sso?type=create or /sso?type=edit (SSO-PAGE-TYPE); anything else reads as create. */
export default function SsoPage() {
  const [params] = useSearchParams();
  const mode = params.get('type')?.toLowerCase() === 'edit' ? 'edit' : 'create';
  return <ScreenPlaceholder ns="sso" section={mode} />;
}
