import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingConflict } from './use-publish-flow';

interface Props {
  conflict: PendingConflict;
  groupName: string;
  onChoose: (choice: 'mine' | 'theirs') => Promise<unknown>;
  onCancel: () => void;
}

/** Two voice packs meet on some robots and languages: which one those robots speak. */
export function VoiceConflictModal({ conflict, groupName, onChoose, onCancel }: Props) {
  const { t } = useTranslation('audio');
  const [choosing, setChoosing] = useState<'mine' | 'theirs'>();

  async function choose(choice: 'mine' | 'theirs') {
    setChoosing(choice);
    try {
      await onChoose(choice);
    } finally {
      setChoosing(undefined);
    }
  }

  return (
    <Modal
      open
      width={560}
      title={t('conflict.title')}
      onCancel={onCancel}
      maskClosable={!choosing}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onCancel} disabled={!!choosing}>
            {t('actions.cancel')}
          </Button>
          <Button
            loading={choosing === 'theirs'}
            disabled={!!choosing}
            onClick={() => choose('theirs')}
            data-testid="conflict-theirs"
          >
            {t('conflict.theirs')}
          </Button>
          <Button
            type="primary"
            loading={choosing === 'mine'}
            disabled={!!choosing}
            onClick={() => choose('mine')}
            data-testid="conflict-mine"
          >
            {t('conflict.mine')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8} data-testid="voice-conflict">
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('conflict.body', { robots: conflict.robots, groups: conflict.groups, langs: conflict.langs })}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ margin: 0 }}>
          <strong>{t('conflict.mine')}</strong>:{' '}
          {t('conflict.mineHint', { name: groupName, groups: conflict.groups })}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ margin: 0 }}>
          <strong>{t('conflict.theirs')}</strong>:{' '}
          {t('conflict.theirsHint', { name: groupName, groups: conflict.groups })}
        </Typography.Paragraph>
      </Flex>
    </Modal>
  );
}
