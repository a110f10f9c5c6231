import type { QueryClient } from '@tanstack/react-query';
import type { Scope } from '../query-scope';
import { deviceKeys } from './keys';

/** After any change of a device: the table, its detail, the menu's probe (the last one may have gone). */
export const invalidateDevices = (queryClient: QueryClient, scope: Scope | undefined) =>
  queryClient.invalidateQueries({ queryKey: deviceKeys.all(scope) });
