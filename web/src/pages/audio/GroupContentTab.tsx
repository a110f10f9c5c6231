import type { AudioClip, GroupContent, GroupTargets } from '@fleet/contract';
import { Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import type { AudioBuildingRules } from '../../api/audio/building-rules-query';
import type { AudioRobotChoice } from '../../api/audio/robot-choices-query';
import type { DraftIssues } from './draft.utils';
import { PlaylistEditor } from './PlaylistEditor';
import { ScheduleEditor } from './ScheduleEditor';
import { verdictsNow } from './schedule.utils';
import { targetBuildingIds } from './targets.utils';
import { VoicePackEditor } from './VoicePackEditor';
import { addedLangsAfter, langsOfDraft, withoutLang } from './voice-pack.utils';

interface Props {
  content: GroupContent;
  targets: GroupTargets;
  clips: readonly AudioClip[];
  robots: readonly AudioRobotChoice[];
  rules: readonly AudioBuildingRules[];
  issues: DraftIssues | undefined;
  addedLangs: string[];
  manage: CanAnswer;
  onContent: (content: GroupContent) => void;
  onAddedLangs: (langs: string[]) => void;
}

const NO_PROBLEMS = new Map();

/** What a group plays: a voice pack's slots per language, or a playlist's clips and schedule. */
export function GroupContentTab(p: Props) {
  const { t } = useTranslation('audio');
  const { content } = p;
  if (content.kind === 'voicePack') {
    return (
      <VoicePackEditor
        slots={content.slots}
        langs={langsOfDraft(content.slots, p.addedLangs)}
        clips={p.clips}
        problems={p.issues?.slots ?? NO_PROBLEMS}
        manage={p.manage}
        onSlots={(slots) => {
          p.onAddedLangs(addedLangsAfter(content.slots, slots, p.addedLangs));
          p.onContent({ ...content, slots });
        }}
        onAddLang={(lang) => p.onAddedLangs([...p.addedLangs, lang])}
        onRemoveLang={(lang) => {
          p.onAddedLangs(p.addedLangs.filter((l) => l !== lang));
          p.onContent({ ...content, slots: withoutLang(content.slots, lang) });
        }}
      />
    );
  }
  const buildings = new Set(targetBuildingIds(p.targets, p.robots));
  const verdicts = verdictsNow(
    content.schedule,
    p.rules.filter((r) => buildings.has(r.buildingId)),
    new Date(),
  );
  return (
    <>
      <PlaylistEditor
        items={content.items}
        clips={p.clips}
        problems={p.issues?.items ?? NO_PROBLEMS}
        manage={p.manage}
        onItems={(items) => p.onContent({ ...content, items })}
      />
      <Divider titlePlacement="start" style={{ marginBlock: 24 }}>
        <Typography.Text strong>{t('schedule.title')}</Typography.Text>
      </Divider>
      <ScheduleEditor
        schedule={content.schedule}
        manage={p.manage}
        verdicts={verdicts}
        onChange={(schedule) => p.onContent({ ...content, schedule })}
      />
    </>
  );
}
