import { AUDIO_ACTIONS } from '@fleet/contract';
import type { FactsheetMessage } from '../messages.js';

type AgvAction = FactsheetMessage['protocolFeatures']['agvActions'][number];
type Parameter = NonNullable<AgvAction['actionParameters']>[number];

const param = (key: string, valueDataType: Parameter['valueDataType'], description: string): Parameter => ({
  key,
  valueDataType,
  description,
  isOptional: false,
});

/** The audio actions as the factsheet advertises them (parameters as in packages/contract/src/audio/link.ts). */
export const AUDIO_FACTSHEET_ACTIONS: AgvAction[] = [
  {
    actionType: AUDIO_ACTIONS.download,
    actionDescription: "download a group version's manifest and files, verifying every checksum",
    actionScopes: ['INSTANT'],
    actionParameters: [
      param('groupId', 'STRING', 'uuid of the group'),
      param('kind', 'STRING', 'voicePack or playlist'),
      param('version', 'INTEGER', 'the version to hold'),
      param('manifestUrl', 'STRING', 'absolute URL of the manifest, for this robot only'),
      param('expiresAt', 'STRING', 'when manifestUrl stops working (ISO 8601)'),
    ],
    resultDescription: 'version N: X of Y files downloaded, or why it failed',
  },
  {
    actionType: AUDIO_ACTIONS.remove,
    actionDescription: 'forget a group',
    actionScopes: ['INSTANT'],
    actionParameters: [param('groupId', 'STRING', 'uuid of the group')],
  },
  {
    actionType: AUDIO_ACTIONS.play,
    actionDescription: 'play one clip now, once',
    actionScopes: ['INSTANT'],
    actionParameters: [
      param('clipId', 'STRING', 'uuid of the clip'),
      param('url', 'STRING', 'absolute URL of the file, valid for a few minutes'),
      param('sha256', 'STRING', 'checksum of the file, hex'),
      param('volume', 'INTEGER', '0–100 % of the loudest'),
    ],
  },
  {
    actionType: AUDIO_ACTIONS.stop,
    actionDescription: 'stop what plays',
    actionScopes: ['INSTANT'],
  },
  {
    actionType: AUDIO_ACTIONS.setVolume,
    actionDescription: 'set the master volume',
    actionScopes: ['INSTANT'],
    actionParameters: [param('volume', 'INTEGER', '0–100 % of the loudest')],
    resultDescription: 'volume N',
  },
];
