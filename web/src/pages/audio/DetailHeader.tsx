import { CloudUploadOutlined, RollbackOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { AudioGroup } from '@fleet/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { DateTimeText } from '../../components/DateTimeText';
import { Guarded } from '../../components/Guarded';
import { Heading } from '../../components/Panel';
import { KindTag } from './AudioTags';
import { DeploymentProgress } from './DeploymentProgress';
import { previousVersion } from './deployment.utils';
import { canPublish, draftStatus } from './draft.utils';
import { type GroupAction, GroupActions } from './GroupActions';

interface Props {
  group: AudioGroup;
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  manage: CanAnswer;
  onSave: () => void;
  onDiscard: () => void;
  onPublish: () => void;
  onRollback: (to: number) => void;
  onAction: (action: GroupAction, group: AudioGroup) => void;
}

const STATUS_COLORS = {
  unsaved: 'orange',
  neverPublished: 'default',
  unpublished: 'gold',
  published: 'green',
} as const;

/** The group's name and state, and its draft's commands: save, discard, publish, roll back. */
export function DetailHeader(p: Props) {
  const { t } = useTranslation('audio');
  const { group, dirty, manage } = p;
  const status = draftStatus(group, dirty);
  const previous = previousVersion(group);
  const active = group.versions.find((v) => v.version === group.activeVersion);
  const publishable = canPublish(group, dirty);

  return (
    <Flex vertical gap={12} style={{ marginBottom: 8 }}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <Heading level={2} data-testid="audio-group-name" style={{ overflowWrap: 'anywhere' }}>
            {group.name}
          </Heading>
          <KindTag kind={group.kind} />
          <Tag color={STATUS_COLORS[status]} data-testid="audio-draft-status" style={{ marginInlineEnd: 0 }}>
            {t(`draft.${status}`)}
          </Tag>
        </Flex>
        {!manage.pending && (
          <Flex gap={8} wrap>
            {dirty && (
              <Button icon={<UndoOutlined aria-hidden />} onClick={p.onDiscard} disabled={p.saving}>
                {t('draft.discard')}
              </Button>
            )}
            <Guarded answer={manage}>
              <Button
                type={dirty ? 'primary' : 'default'}
                icon={<SaveOutlined aria-hidden />}
                disabled={!manage.allowed || !dirty}
                loading={p.saving}
                onClick={p.onSave}
                data-testid="audio-save"
              >
                {t('draft.save')}
              </Button>
            </Guarded>
            <Guarded answer={manage}>
              <Button
                type={dirty ? 'default' : 'primary'}
                icon={<CloudUploadOutlined aria-hidden />}
                disabled={!manage.allowed || !publishable || p.saving}
                loading={p.publishing}
                title={publishable ? undefined : t('publish.nothingNew')}
                onClick={p.onPublish}
                data-testid="audio-publish"
              >
                {dirty ? t('publish.saveAndPublish') : t('publish.action')}
              </Button>
            </Guarded>
            <Guarded answer={manage}>
              <Button
                icon={<RollbackOutlined aria-hidden />}
                disabled={!manage.allowed || previous === undefined || p.publishing}
                title={previous === undefined ? t('rollback.none') : t('rollback.to', { version: previous })}
                onClick={() => previous !== undefined && p.onRollback(previous)}
              >
                {t('rollback.action')}
              </Button>
            </Guarded>
            <GroupActions group={group} manage={manage} onAction={p.onAction} withOpen={false} />
          </Flex>
        )}
      </Flex>
      <Flex gap={24} align="center" wrap>
        <Typography.Text type="secondary">
          {active ? (
            <>
              {t('detail.activeVersion', { version: active.version })}{' '}
              <DateTimeText iso={active.publishedAt} />
              {active.publishedByName ? ` · ${active.publishedByName}` : ''}
            </>
          ) : (
            t('detail.neverPublished')
          )}
        </Typography.Text>
        {group.activeVersion !== null && <DeploymentProgress counts={group.deployment} published />}
      </Flex>
    </Flex>
  );
}
