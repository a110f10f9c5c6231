import { ErrorScreen } from './ErrorScreen';

export default function NotFoundPage() {
  return <ErrorScreen code={404} />;
}
