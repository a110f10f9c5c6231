import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { AUDIO_GROUP_KINDS, type AudioGroupKind } from '@fleet/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useAudioGroupsQuery } from '../../api/audio/groups-query';
import { Guarded } from '../../components/Guarded';
import { usePagedSearch } from '../../components/use-paged-search';
import { progressOf, ROBOTS_IDLE_REFRESH_MS, ROBOTS_MOVING_REFRESH_MS } from './deployment.utils';
import { GroupsTable } from './GroupsTable';
import { FIRST_GROUP_PAGE, groupSearchBody } from './group-list.utils';
import { useGroupCommands } from './use-group-commands';

/** The company's voice packs and playlists, and what a manager starts from here. */
export function GroupsTab({ manage }: { manage: CanAnswer }) {
  const { t } = useTranslation('audio');
  const search = usePagedSearch(FIRST_GROUP_PAGE);
  const body = useMemo(() => groupSearchBody(search.state), [search.state]);
  // While robots download a version, the list's progress bars follow them.
  const list = useAudioGroupsQuery(body, (page) =>
    (page?.list ?? []).some((g) => progressOf(g.deployment).moving > 0)
      ? ROBOTS_MOVING_REFRESH_MS
      : ROBOTS_IDLE_REFRESH_MS,
  );
  const commands = useGroupCommands();

  return (
    <>
      {commands.elements}
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            data-testid="audio-groups-search"
            aria-label={t('groups.search')}
            placeholder={t('groups.search')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={search.typed}
            onChange={(e) => search.setTyped(e.target.value)}
            style={{ width: 260 }}
          />
          <Select<AudioGroupKind>
            aria-label={t('groups.filterKind')}
            placeholder={t('groups.filterKind')}
            allowClear
            style={{ width: 180 }}
            value={search.state.kind}
            onChange={(kind?: AudioGroupKind) => search.update({ kind, page: 1 })}
            options={AUDIO_GROUP_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
        </Flex>
        {!manage.pending && (
          <Guarded answer={manage}>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              disabled={!manage.allowed}
              onClick={commands.create}
              data-testid="audio-group-create"
            >
              {t('groups.create')}
            </Button>
          </Guarded>
        )}
      </Flex>
      <GroupsTable
        page={list.data}
        loading={list.isFetching}
        state={search.state}
        onPage={(page, pageSize) => search.update({ page, pageSize })}
        manage={manage}
        onAction={commands.act}
        onCreate={commands.create}
      />
    </>
  );
}
