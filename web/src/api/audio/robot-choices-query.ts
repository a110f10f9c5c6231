import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { audioKeys } from './keys';

export interface AudioRobotChoice {
  id: string;
  name: string;
  serialNumber: string;
  buildingId: string | null;
  online: boolean;
}

/** The company's robots to aim a group at or play on, by name. */
export function useAudioRobotChoicesQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: audioKeys.robotChoices(scope),
    queryFn: async (): Promise<AudioRobotChoice[]> =>
      (await callApi(apiRoutes.listRobots))
        .map(({ id, name, serialNumber, buildingId, connection }) => ({
          id,
          name,
          serialNumber,
          buildingId,
          online: connection === 'ONLINE',
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    enabled: scope !== undefined,
    staleTime: 60_000,
  });
}
