import { DEFAULT_CLIP_CAPS } from '@fleet/contract';
import { useClientConfigQuery } from '../common/client-config-query';

/** The clip caps of this server (its AUDIO_* settings), the defaults until the client config has answered. */
export function useClipCaps() {
  return useClientConfigQuery().data?.audioCaps ?? DEFAULT_CLIP_CAPS;
}
