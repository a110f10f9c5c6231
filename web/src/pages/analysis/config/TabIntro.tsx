import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';

interface Props {
  text: string;
  /** The "new" button's label; no button for people who may not change the analysis. */
  newLabel: string;
  manage: boolean;
  onNew: () => void;
  'data-testid'?: string;
}

/** A config tab's opening: what it holds, and (with analysis.manage) the button that adds one. */
export function TabIntro({ text, newLabel, manage, onNew, ...rest }: Props) {
  return (
    <Flex justify="space-between" align="start" gap={12} wrap>
      <Typography.Text type="secondary" style={{ maxWidth: 760 }}>
        {text}
      </Typography.Text>
      {manage && (
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          data-testid={rest['data-testid']}
          onClick={onNew}
        >
          {newLabel}
        </Button>
      )}
    </Flex>
  );
}
