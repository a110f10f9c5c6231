import type { AudioGroup } from '@fleet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupPublishMutation, useGroupRollbackMutation } from '../../api/audio/group-mutations';
import { notify } from '../../feedback/notifier';
import { type VoiceConflict, voiceConflictOf } from './publish.utils';

export type PublishOp = 'publish' | 'rollback';
export type PendingConflict = VoiceConflict & { op: PublishOp };

/**
 * Publishing or rolling back, with the voice-pack question: a 409 `voicePackConflict` asks which pack wins on
 * the robots and languages they share, then the same call goes again with the answer.
 */
export function usePublishFlow(groupId: string | undefined, onFailed: (error: unknown) => void) {
  const { t } = useTranslation('audio');
  const publish = useGroupPublishMutation();
  const rollback = useGroupRollbackMutation();
  const [conflict, setConflict] = useState<PendingConflict>();

  async function run(op: PublishOp, onVoiceConflict?: 'mine' | 'theirs'): Promise<AudioGroup | undefined> {
    if (!groupId) return undefined;
    const mutation = op === 'publish' ? publish : rollback;
    try {
      const group = await mutation.mutateAsync({
        id: groupId,
        ...(onVoiceConflict ? { onVoiceConflict } : {}),
      });
      setConflict(undefined);
      notify({ level: 'success', text: t(`${op}.done`, { version: group.activeVersion ?? '' }) });
      return group;
    } catch (error) {
      const met = voiceConflictOf(error);
      if (met && !onVoiceConflict) {
        setConflict({ ...met, op });
        return undefined;
      }
      setConflict(undefined);
      onFailed(error);
      return undefined;
    }
  }

  return {
    run,
    conflict,
    /** The operator's answer to the conflict: the same call again with it. */
    choose: (choice: 'mine' | 'theirs') => (conflict ? run(conflict.op, choice) : Promise.resolve(undefined)),
    dismiss: () => setConflict(undefined),
    pending: publish.isPending || rollback.isPending,
  };
}
