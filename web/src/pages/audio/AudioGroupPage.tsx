import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../access/use-can';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { BuildingRulesTab } from './BuildingRulesTab';
import { ClipsTab } from './ClipsTab';
import { GroupsTab } from './GroupsTab';

const TABS = ['groups', 'clips', 'rules'] as const;
type Tab = (typeof TABS)[number];

const tabOf = (value: string | null): Tab => TABS.find((t) => t === value) ?? 'groups';

/** /audio/group: the voice packs and playlists, the clip library they draw on, and the buildings' rules. */
export default function AudioGroupPage() {
  const { t } = useTranslation('audio');
  const manage = useCan()('audio.manage');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

  return (
    <section aria-labelledby="screen-title" data-testid="screen-audioGroup">
      <ScreenTitle />
      <Panel>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'groups' ? {} : { tab: key }, { replace: true })}
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`audio-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children:
              key === 'groups' ? (
                <GroupsTab manage={manage} />
              ) : key === 'clips' ? (
                <ClipsTab manage={manage} />
              ) : (
                <BuildingRulesTab manage={manage} />
              ),
          }))}
        />
      </Panel>
    </section>
  );
}
