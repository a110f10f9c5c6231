import { ErrorScreen } from './ErrorScreen';

export default function UnauthorizedPage() {
  return <ErrorScreen code={401} />;
}
