import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { clipHandlers } from './clips/clip-handlers.js';
import { robotFileHandlers } from './deploy/robot-file-handlers.js';
import { groupHandlers } from './groups/group-handlers.js';
import { playHandlers } from './play/play-handlers.js';
import { ruleHandlers } from './rules/rule-handlers.js';

type AudioRouteId = keyof (ReturnType<typeof clipHandlers> &
  ReturnType<typeof groupHandlers> &
  ReturnType<typeof playHandlers> &
  ReturnType<typeof ruleHandlers> &
  ReturnType<typeof robotFileHandlers>);

/** The audio area's calls (docs/user-guide.md "Audio", docs/protocols.md "Audio on robots"). */
export function audioHandlers(services: Services): Handlers<AudioRouteId> {
  return {
    ...clipHandlers(services),
    ...groupHandlers(services),
    ...playHandlers(services),
    ...ruleHandlers(services),
    ...robotFileHandlers(services),
  };
}
