import type { AudioGroup, GroupContent } from '@fleet/contract';
import { Alert, Flex, Modal, Spin, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../access/use-can';
import { isApiError } from '../../api/api-error';
import { wordAudioRule } from '../../api/audio/audio-refusals';
import { useAudioBuildingRulesQuery } from '../../api/audio/building-rules-query';
import { useAudioClipChoicesQuery } from '../../api/audio/clips-query';
import { useGroupEditMutation } from '../../api/audio/group-mutations';
import { useAudioRobotChoicesQuery } from '../../api/audio/robot-choices-query';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { FORM_ERROR_CODES } from '../../api/form-error-codes';
import { notify } from '../../feedback/notifier';
import { DetailHeader } from './DetailHeader';
import { progressOf } from './deployment.utils';
import { changedParts, draftIssues, draftOf } from './draft.utils';
import { GroupContentTab } from './GroupContentTab';
import { GroupRobotsPanel } from './GroupRobotsPanel';
import { listPath } from './group-list.utils';
import type { PlayTarget } from './PlayNowModal';
import { TargetsEditor } from './TargetsEditor';
import { reachedRobotIds } from './targets.utils';
import { useGroupCommands } from './use-group-commands';
import { useGroupDraft } from './use-group-draft';
import { usePublishFlow } from './use-publish-flow';
import { VersionsPanel } from './VersionsPanel';
import { VoiceConflictModal } from './VoiceConflictModal';

const PlayNowModal = lazy(() => import('./PlayNowModal'));

const TABS = ['content', 'targets', 'robots', 'versions'] as const;
type Tab = (typeof TABS)[number];

/** One voice pack or playlist: its draft edited and saved, published or rolled back, and its robots followed. */
export function GroupDetail({ group }: { group: AudioGroup }) {
  const { t, i18n } = useTranslation('audio');
  const can = useCan();
  const manage = can('audio.manage');
  const operate = can('audio.operate');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'content';
  const clipChoices = useAudioClipChoicesQuery();
  const clips = clipChoices.data ?? [];
  const buildings = useBuildingOptionsQuery().data ?? [];
  const robots = useAudioRobotChoicesQuery().data ?? [];
  const rules = useAudioBuildingRulesQuery().data ?? [];
  const d = useGroupDraft(group);
  const edit = useGroupEditMutation();
  const [modal, confirmations] = Modal.useModal();
  const [playing, setPlaying] = useState<PlayTarget>();
  // Set when the group was deleted from here: leaving then loses nothing worth a question.
  const leaving = useRef(false);
  const commands = useGroupCommands(() => {
    leaving.current = true;
    navigate(listPath());
  });
  const draft = d.draft ?? { content: group.content, targets: group.targets };

  /** A refusal of the draft (400/409 the call kept quiet) is listed above the editor and marked on its cells. */
  function showIssues(error: unknown, sent: GroupContent) {
    if (!isApiError(error) || !FORM_ERROR_CODES.includes(error.code ?? '')) return;
    d.setIssues(draftIssues(error, sent, (issue) => wordAudioRule(i18n, issue)));
  }

  const flow = usePublishFlow(group.id, (error) => showIssues(error, draft.content));

  async function save(): Promise<boolean> {
    if (!d.dirty) return true;
    const sent = draft;
    try {
      await edit.mutateAsync({ id: group.id, ...changedParts(sent, draftOf(group)) });
      d.reset();
      notify({ level: 'success', text: t('draft.saved') });
      return true;
    } catch (error) {
      showIssues(error, sent.content);
      return false;
    }
  }

  const nextVersion = Math.max(0, ...group.versions.map((v) => v.version)) + 1;

  function publish() {
    const reach = reachedRobotIds(draft.targets, robots).length;
    modal.confirm({
      title: t('publish.confirmTitle', { name: group.name, version: nextVersion }),
      content: [t('publish.confirm', { n: reach }), ...(d.dirty ? [t('publish.savesFirst')] : [])].join(' '),
      okText: d.dirty ? t('publish.saveAndPublish') : t('publish.action'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'audio-publish-ok' },
      onOk: async () => {
        if (await save()) await flow.run('publish');
      },
    });
  }

  function rollback(to: number) {
    modal.confirm({
      title: t('rollback.confirmTitle', { version: to }),
      content: t('rollback.confirm', { version: to, next: nextVersion }),
      okText: t('rollback.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'audio-rollback-ok' },
      onOk: async () => {
        await flow.run('rollback');
      },
    });
  }

  // Unsaved changes are not lost without a word: leaving the screen or the page asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => d.dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!d.dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [d.dirty]);

  const robotsTotal = progressOf(group.deployment).total;
  const chooseTab = (key: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (key === 'content') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      {confirmations}
      {commands.elements}
      <DetailHeader
        group={group}
        dirty={d.dirty}
        saving={edit.isPending}
        publishing={flow.pending}
        manage={manage}
        onSave={() => void save()}
        onDiscard={d.reset}
        onPublish={publish}
        onRollback={rollback}
        onAction={commands.act}
      />
      {d.issues && d.issues.messages.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => d.setIssues(undefined) }}
          title={t('draft.refused')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {d.issues.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
          style={{ marginBlock: 8 }}
          data-testid="audio-draft-issues"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={chooseTab}
        items={[
          {
            key: 'content',
            label: t(group.kind === 'voicePack' ? 'detail.tabs.slots' : 'detail.tabs.playlist'),
            // Until the library answers, a slot's or item's clip would read as missing.
            children: clipChoices.isPending ? (
              <Flex justify="center" style={{ paddingBlock: 48 }}>
                <Spin />
              </Flex>
            ) : (
              <GroupContentTab
                content={draft.content}
                targets={draft.targets}
                clips={clips}
                robots={robots}
                rules={rules}
                issues={d.issues}
                addedLangs={d.addedLangs}
                manage={manage}
                onContent={d.setContent}
                onAddedLangs={d.setAddedLangs}
              />
            ),
          },
          {
            key: 'targets',
            label: t('detail.tabs.targets'),
            children: (
              <TargetsEditor
                targets={draft.targets}
                buildings={buildings}
                robots={robots}
                manage={manage}
                onChange={d.setTargets}
              />
            ),
          },
          {
            key: 'robots',
            label: `${t('detail.tabs.robots')} (${robotsTotal})`,
            children: (
              <GroupRobotsPanel
                group={group}
                manage={manage}
                operate={operate}
                onPlay={setPlaying}
                onPublish={publish}
              />
            ),
          },
          {
            key: 'versions',
            label: `${t('detail.tabs.versions')} (${group.versions.length})`,
            children: (
              <VersionsPanel group={group} manage={manage} busy={flow.pending} onRollback={rollback} />
            ),
          },
        ]}
      />
      {flow.conflict && (
        <VoiceConflictModal
          conflict={flow.conflict}
          groupName={group.name}
          onChoose={flow.choose}
          onCancel={flow.dismiss}
        />
      )}
      <Modal
        open={blocker.state === 'blocked'}
        title={t('draft.leaveTitle')}
        okText={t('draft.leave')}
        cancelText={t('draft.stay')}
        okButtonProps={{ danger: true }}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('draft.leaveContent')}
      </Modal>
      <Suspense fallback={null}>
        {playing && (
          <PlayNowModal
            robot={playing}
            clips={clips}
            groupClipIds={
              draft.content.kind === 'voicePack'
                ? [...new Set(draft.content.slots.map((s) => s.clipId))]
                : [...new Set(draft.content.items.map((i) => i.clipId))]
            }
            volume={draft.content.kind === 'playlist' ? draft.content.schedule.volume : undefined}
            onClose={() => setPlaying(undefined)}
          />
        )}
      </Suspense>
    </>
  );
}
