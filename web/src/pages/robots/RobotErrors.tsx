import type { LiveRobot } from '@fleet/contract';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the robot reports as wrong, fatal errors first. */
export function RobotErrors({ errors }: { errors: LiveRobot['errors'] }) {
  const { t } = useTranslation('robots');
  if (errors.length === 0) return null;
  const sorted = [...errors].sort((a, b) =>
    a.errorLevel === b.errorLevel ? 0 : a.errorLevel === 'FATAL' ? -1 : 1,
  );
  return (
    <Flex vertical gap={6} data-testid="robot-errors">
      {sorted.map((e, i) => (
        <Alert
          // errors carry no id; the same type may repeat
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole on every update
          key={`${e.errorType}-${i}`}
          type={e.errorLevel === 'FATAL' ? 'error' : 'warning'}
          showIcon
          title={`${t(`errors.level.${e.errorLevel}`)}: ${e.errorType}`}
          description={e.errorDescription}
        />
      ))}
    </Flex>
  );
}
