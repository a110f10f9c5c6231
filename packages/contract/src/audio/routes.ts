import { z } from 'zod';
import { idParam, pageBody, pageResult } from '../envelope.js';
import { defineRoute } from '../route.js';
import { rawText } from '../text.js';
import { audioClip, clipLink, clipSearch, editClipBody, uploadClipQuery } from './clips.js';
import { groupRobot, groupRobotSearch, playNowBody, playOutcome, setVolumeBody } from './deployments.js';
import {
  audioGroup,
  createGroupBody,
  editGroupBody,
  groupName,
  groupSearch,
  publishGroupBody,
} from './groups.js';
import { audioManifest } from './link.js';
import { buildingAudioRules } from './schedule.js';

/** The clips of the company: upload (streamed), list, rename, delete, listen. */
export const audioClipRoutes = {
  searchAudioClips: defineRoute({
    id: 'searchAudioClips',
    method: 'POST',
    path: '/opt/v1/audio/clip/search',
    auth: 'user',
    area: 'audio',
    summary: 'Clips of the company, newest first, paged; each with the groups that use it',
    body: pageBody(clipSearch),
    data: pageResult(audioClip),
  }),
  uploadAudioClip: defineRoute({
    id: 'uploadAudioClip',
    method: 'POST',
    path: '/opt/v1/audio/clip',
    auth: 'user',
    area: 'audio',
    summary:
      'Upload one clip: the body is the file (application/octet-stream), its type read from its bytes, refused over the size or duration cap of its purpose',
    query: uploadClipQuery,
    stream: true,
    data: audioClip,
  }),
  editAudioClip: defineRoute({
    id: 'editAudioClip',
    method: 'PUT',
    path: '/opt/v1/audio/clip',
    auth: 'user',
    area: 'audio',
    summary: 'Rename a clip or change its language',
    body: editClipBody,
    data: audioClip,
  }),
  removeAudioClip: defineRoute({
    id: 'removeAudioClip',
    method: 'DELETE',
    path: '/opt/v1/audio/clip/:id',
    auth: 'user',
    area: 'audio',
    summary: 'Delete a clip; refused while any group (its draft or a version) uses it, naming the groups',
    params: idParam,
    data: z.object({ id: z.uuid() }),
  }),
  audioClipLink: defineRoute({
    id: 'audioClipLink',
    method: 'GET',
    path: '/opt/v1/audio/clip/:id/link',
    auth: 'user',
    area: 'audio',
    summary: 'A short-lived link to play a clip in the browser (range requests supported)',
    params: idParam,
    data: clipLink,
  }),
  listenAudioClip: defineRoute({
    id: 'listenAudioClip',
    method: 'GET',
    path: '/opt/v1/audio/listen/:token',
    auth: 'public',
    area: 'audio',
    summary: 'A clip’s bytes through a link from audioClipLink; answers Range requests with 206',
    params: z.object({ token: rawText(200) }),
    data: z.string(),
    raw: true,
    binary: true,
  }),
};

/** Voice packs and playlists: draft, publish, roll back, duplicate, and where each robot is with them. */
export const audioGroupRoutes = {
  searchAudioGroups: defineRoute({
    id: 'searchAudioGroups',
    method: 'POST',
    path: '/opt/v1/audio/group/search',
    auth: 'user',
    area: 'audio',
    summary: 'Voice packs and playlists of the company, paged, with their versions and robots’ progress',
    body: pageBody(groupSearch),
    data: pageResult(audioGroup),
  }),
  getAudioGroup: defineRoute({
    id: 'getAudioGroup',
    method: 'GET',
    path: '/opt/v1/audio/group/:id',
    auth: 'user',
    area: 'audio',
    summary: 'One voice pack or playlist with its draft, versions and robots’ progress',
    params: idParam,
    data: audioGroup,
  }),
  createAudioGroup: defineRoute({
    id: 'createAudioGroup',
    method: 'POST',
    path: '/opt/v1/audio/group',
    auth: 'user',
    area: 'audio',
    summary: 'A new, empty voice pack or playlist (a draft)',
    body: createGroupBody,
    data: audioGroup,
  }),
  editAudioGroup: defineRoute({
    id: 'editAudioGroup',
    method: 'PUT',
    path: '/opt/v1/audio/group',
    auth: 'user',
    area: 'audio',
    summary: 'Change a group’s name or its draft: slots or items and schedule, targets',
    body: editGroupBody,
    data: audioGroup,
  }),
  duplicateAudioGroup: defineRoute({
    id: 'duplicateAudioGroup',
    method: 'POST',
    path: '/opt/v1/audio/group/:id/duplicate',
    auth: 'user',
    area: 'audio',
    summary: 'A copy of a group’s draft under a new name, unpublished',
    params: idParam,
    body: z.object({ name: groupName }),
    data: audioGroup,
  }),
  removeAudioGroup: defineRoute({
    id: 'removeAudioGroup',
    method: 'DELETE',
    path: '/opt/v1/audio/group/:id',
    auth: 'user',
    area: 'audio',
    summary: 'Delete a group with its versions; its robots are told to forget it',
    params: idParam,
    data: z.object({ id: z.uuid() }),
  }),
  publishAudioGroup: defineRoute({
    id: 'publishAudioGroup',
    method: 'POST',
    path: '/opt/v1/audio/group/:id/publish',
    auth: 'user',
    area: 'audio',
    summary:
      'Publish the draft as the next version and send it to the target robots; a voice pack that meets another on a robot and language is refused until told which wins',
    params: idParam,
    body: publishGroupBody,
    data: audioGroup,
  }),
  rollbackAudioGroup: defineRoute({
    id: 'rollbackAudioGroup',
    method: 'POST',
    path: '/opt/v1/audio/group/:id/rollback',
    auth: 'user',
    area: 'audio',
    summary: 'Publish the version before the active one again, as a new version, and send it to the robots',
    params: idParam,
    body: publishGroupBody,
    data: audioGroup,
  }),
  retryAudioGroup: defineRoute({
    id: 'retryAudioGroup',
    method: 'POST',
    path: '/opt/v1/audio/group/:id/retry',
    auth: 'user',
    area: 'audio',
    summary: 'Send the active version again to the robots that failed (or to one robot)',
    params: idParam,
    body: z.object({ robotId: z.uuid().optional() }),
    data: z.object({ sent: z.int() }),
  }),
  audioGroupRobots: defineRoute({
    id: 'audioGroupRobots',
    method: 'POST',
    path: '/opt/v1/audio/group/robots',
    auth: 'user',
    area: 'audio',
    summary: 'Each target robot of a group with its state: queued, downloading, ready, failed, unsupported',
    body: pageBody(groupRobotSearch),
    data: pageResult(groupRobot),
  }),
};

/** Sound on one robot now, and what each building allows. */
export const audioOperateRoutes = {
  playAudioNow: defineRoute({
    id: 'playAudioNow',
    method: 'POST',
    path: '/opt/v1/audio/play',
    auth: 'user',
    area: 'audio',
    summary:
      'Play a clip on one robot now; answers within a second whether the robot acknowledged or refused it',
    body: playNowBody,
    data: playOutcome,
  }),
  stopAudio: defineRoute({
    id: 'stopAudio',
    method: 'POST',
    path: '/opt/v1/audio/stop',
    auth: 'user',
    area: 'audio',
    summary: 'Stop whatever a robot plays',
    body: z.object({ robotId: z.uuid() }),
    data: playOutcome,
  }),
  setAudioVolume: defineRoute({
    id: 'setAudioVolume',
    method: 'POST',
    path: '/opt/v1/audio/volume',
    auth: 'user',
    area: 'audio',
    summary: 'Set a robot’s volume, held to its building’s cap',
    body: setVolumeBody,
    data: playOutcome,
  }),
  listAudioBuildingRules: defineRoute({
    id: 'listAudioBuildingRules',
    method: 'GET',
    path: '/opt/v1/audio/building-rules',
    auth: 'user',
    area: 'audio',
    summary: 'Each building’s quiet hours and volume cap, on its own clock',
    data: z.array(
      buildingAudioRules.extend({ buildingId: z.uuid(), buildingName: z.string(), timeZone: z.string() }),
    ),
  }),
  editAudioBuildingRules: defineRoute({
    id: 'editAudioBuildingRules',
    method: 'PUT',
    path: '/opt/v1/audio/building-rules',
    auth: 'user',
    area: 'audio',
    summary: 'Set a building’s quiet hours and volume cap; its robots get them with their groups',
    body: buildingAudioRules.extend({ buildingId: z.uuid() }),
    data: buildingAudioRules.extend({ buildingId: z.uuid(), buildingName: z.string(), timeZone: z.string() }),
  }),
};

const robotToken = z.object({ token: rawText(200) });

/** What robots fetch with the links of their download action: no session, the link is the key. */
export const audioRobotRoutes = {
  audioRobotManifest: defineRoute({
    id: 'audioRobotManifest',
    method: 'GET',
    path: '/opt/v1/audio/robot/:token/manifest',
    auth: 'public',
    area: 'audio',
    summary: 'A group version’s manifest for the robot its link was made for (404 for any other link)',
    params: robotToken,
    data: audioManifest,
    raw: true,
  }),
  audioRobotClip: defineRoute({
    id: 'audioRobotClip',
    method: 'GET',
    path: '/opt/v1/audio/robot/:token/clip/:clipId',
    auth: 'public',
    area: 'audio',
    summary: 'A clip of the linked version, for the robot the link was made for; answers Range requests',
    params: robotToken.extend({ clipId: z.uuid() }),
    data: z.string(),
    raw: true,
    binary: true,
  }),
};
