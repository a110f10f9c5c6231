import type { PlayNowBody } from '@fleet/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';

// A robot offline, in its quiet hours or in a lift is refused with a rule the dialog words in place.
const IN_PLACE = ['CONFLICT', 'BAD_REQUEST'] as const;

export const usePlayNowMutation = () =>
  useMutation({
    mutationFn: (body: PlayNowBody) => callApi(api.playAudioNow, { body }, { quiet: IN_PLACE }),
  });

export const useStopAudioMutation = () =>
  useMutation({
    mutationFn: (robotId: string) => callApi(api.stopAudio, { body: { robotId } }, { quiet: IN_PLACE }),
  });

export const useSetVolumeMutation = () =>
  useMutation({
    mutationFn: (body: { robotId: string; volume: number }) =>
      callApi(api.setAudioVolume, { body }, { quiet: IN_PLACE }),
  });
