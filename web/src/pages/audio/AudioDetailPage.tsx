import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAudioGroupQuery } from '../../api/audio/groups-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { robotsRefreshMs } from './deployment.utils';
import { GroupDetail } from './GroupDetail';
import { listPath } from './group-list.utils';

/** /audio/detail?id=…: one voice pack or playlist (the spec's route has no id; it rides in the query). */
export default function AudioDetailPage() {
  const { t } = useTranslation('audio');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  // The group's counts follow its robots: closely while any is on its way.
  const group = useAudioGroupQuery(id, (g) => (g ? robotsRefreshMs(g.deployment) : false));
  const back = (
    <Button
      icon={<ArrowLeftOutlined aria-hidden />}
      onClick={() => navigate(listPath())}
      data-testid="audio-back"
    >
      {t('detail.back')}
    </Button>
  );

  const missing = (key: 'none' | 'gone') => (
    <Panel>
      <Empty
        style={{ paddingBlock: 48 }}
        description={
          <Flex vertical gap={4} align="center">
            <strong>{t(`detail.${key}.title`)}</strong>
            <span style={{ maxWidth: 520 }}>{t(`detail.${key}.description`)}</span>
          </Flex>
        }
      >
        <Button type="primary" onClick={() => navigate(listPath())}>
          {t('detail.toList')}
        </Button>
      </Empty>
    </Panel>
  );

  return (
    <section aria-labelledby="screen-title" data-testid="screen-audioDetail">
      <ScreenTitle extra={back} />
      {!id ? (
        missing('none')
      ) : group.data ? (
        <Panel>
          <GroupDetail key={group.data.id} group={group.data} />
        </Panel>
      ) : group.isError ? (
        missing('gone')
      ) : (
        <Panel>
          <Flex justify="center" style={{ paddingBlock: 48 }}>
            <Spin />
          </Flex>
        </Panel>
      )}
    </section>
  );
}
