import type { Person } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Checkbox, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignableRobotsQuery } from '../../api/people/assignable-robots-query';
import { usePersonAssignRobotsMutation } from '../../api/people/person-assign-robots-mutation';
import { usePersonDevicesQuery } from '../../api/people/person-devices-query';
import { notify } from '../../feedback/notifier';
import { robotChoices } from './assign-robots.utils';

interface Props {
  person: Person;
  onClose: () => void;
}

/** The robots a person may operate: the company's robots, those the person holds ticked. */
export function AssignRobotsModal({ person, onClose }: Props) {
  const { t } = useTranslation('people');
  const devices = usePersonDevicesQuery(person.id);
  const company = useAssignableRobotsQuery(true);
  const assign = usePersonAssignRobotsMutation();
  const [chosen, setChosen] = useState<string[]>([]);
  // Both answers are needed before anything is shown: a robot missing from one would look unassigned.
  const ready = devices.isSuccess && !company.isPending;
  const robots = ready ? robotChoices(company.data, devices.data) : [];

  useEffect(() => {
    if (devices.data) setChosen(devices.data.map((d) => d.id));
  }, [devices.data]);

  async function save() {
    try {
      await assign.mutateAsync({ userId: person.id, robotIds: chosen });
      notify({ level: 'success', text: t('robots.saved', { name: fullName(person) }) });
      onClose();
    } catch {
      // the API client has told the user
    }
  }

  const empty = ready && robots.length === 0;
  return (
    <Modal
      open
      title={t('robots.title', { name: fullName(person) })}
      okText={t('form.save')}
      cancelText={empty ? t('actions.close') : t('actions.cancel')}
      okButtonProps={{ disabled: !ready || empty, 'data-testid': 'robots-save' }}
      confirmLoading={assign.isPending}
      onOk={save}
      onCancel={onClose}
    >
      {devices.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('robots.loadFailed')} />
      ) : !ready ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : empty ? (
        <Empty
          data-testid="robots-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4} align="center">
              <strong>{t('robots.empty.title')}</strong>
              <Typography.Text type="secondary">{t('robots.empty.description')}</Typography.Text>
            </Flex>
          }
        />
      ) : (
        <Checkbox.Group
          value={chosen}
          onChange={(values) => setChosen(values as string[])}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          data-testid="robots-list"
          options={robots.map((r) => ({
            value: r.id,
            label: (
              <span>
                {r.name}{' '}
                <Typography.Text type="secondary">
                  {t('robots.serial', { serial: r.serialNumber })}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
