import type { DeviceCredentials, MiniDevice } from '@fleet/contract';
import { Modal } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/use-can';
import {
  useDeviceIdentifyMutation,
  useDeviceRemoveMutation,
  useDeviceRenewMutation,
  useDeviceTestCallMutation,
} from '../../api/devices/device-mutations';
import {
  DEVICES_LIVE_REFRESH_MS,
  DEVICES_REFRESH_MS,
  useDevicesSearchQuery,
} from '../../api/devices/devices-search-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { usePagedSearch } from '../../components/use-paged-search';
import { notify } from '../../feedback/notifier';
import { overlay } from '../../live/device-store';
import { useLiveDevices } from '../../live/use-live-devices';
import type { DeviceAction } from './DeviceActions';
import { DevicesTable } from './DevicesTable';
import { DevicesToolbar } from './DevicesToolbar';
import { deviceSearchBody, FIRST_DEVICE_PAGE } from './devices-list.utils';
import { LiveDevicesContext } from './live-devices-context';

const DeviceDrawer = lazy(() => import('./DeviceDrawer'));
const DeviceFormModal = lazy(() => import('./DeviceFormModal'));
const DeviceCredentialsModal = lazy(() => import('./DeviceCredentialsModal'));
const PlaceDeviceModal = lazy(() => import('./PlaceDeviceModal'));
const BulkBindModal = lazy(() => import('./BulkBindModal'));

type Dialog =
  | { kind: 'register' }
  | { kind: 'edit'; device: MiniDevice }
  | { kind: 'place'; device: MiniDevice }
  | { kind: 'bulk' }
  | { kind: 'credentials'; credentials: DeviceCredentials };

/** /device: the company's mini devices live, their calls, and everything a manager does with them. */
export default function DevicePage() {
  const { t } = useTranslation('devices');
  const can = useCan();
  const manage = can('devices.manage');
  const search = usePagedSearch(FIRST_DEVICE_PAGE);
  const live = useLiveDevices();
  const list = useDevicesSearchQuery(
    deviceSearchBody(search.state),
    live.status === 'live' ? DEVICES_LIVE_REFRESH_MS : DEVICES_REFRESH_MS,
  );
  // The rows as the API gave them, with their live state and calls as /live pushes them.
  const page = useMemo(
    () => list.data && { ...list.data, list: list.data.list.map((d) => overlay(d, live.views)) },
    [list.data, live.views],
  );
  const [openId, setOpenId] = useState<string>();
  const [dialog, setDialog] = useState<Dialog>();
  const [modal, confirmations] = Modal.useModal();
  const identify = useDeviceIdentifyMutation();
  const testCall = useDeviceTestCallMutation();
  const remove = useDeviceRemoveMutation();
  const renew = useDeviceRenewMutation();

  const act = useCallback(
    (action: DeviceAction, device: MiniDevice) => {
      const { label } = device;
      switch (action) {
        case 'edit':
        case 'place':
          setDialog({ kind: action, device });
          return;
        case 'identify':
          identify.mutate(device.id, {
            onSuccess: () => notify({ level: 'success', text: t('identify.sent', { label }) }),
          });
          return;
        case 'testCall':
          testCall.mutate(device.id, {
            onSuccess: () => {
              notify({ level: 'success', text: t('testCall.made', { label }) });
              setOpenId(device.id);
            },
          });
          return;
        case 'renew':
          modal.confirm({
            title: t('renew.title', { label }),
            content: t('renew.content'),
            okText: t('renew.ok'),
            onOk: async () =>
              setDialog({ kind: 'credentials', credentials: await renew.mutateAsync(device.id) }),
          });
          return;
        case 'remove':
          modal.confirm({
            title: t('remove.title', { label }),
            content: device.openCall ? t('remove.withCall') : t('remove.content'),
            okText: t('remove.ok'),
            okButtonProps: { danger: true },
            onOk: async () => {
              await remove.mutateAsync(device.id);
              setOpenId((id) => (id === device.id ? undefined : id));
              notify({ level: 'success', text: t('remove.done', { label }) });
            },
          });
      }
    },
    [identify, testCall, renew, remove, modal, t],
  );

  const close = () => setDialog(undefined);
  return (
    <LiveDevicesContext.Provider value={live}>
      <section aria-labelledby="screen-title" data-testid="screen-device">
        <ScreenTitle />
        {confirmations}
        <Panel>
          <DevicesToolbar
            typed={search.typed}
            onTyped={search.setTyped}
            state={search.state}
            onFilter={search.update}
            manage={manage}
            onRegister={() => setDialog({ kind: 'register' })}
            onBulkBind={() => setDialog({ kind: 'bulk' })}
          />
          <DevicesTable
            page={page}
            loading={list.isFetching}
            state={search.state}
            onPage={(page, pageSize) => search.update({ page, pageSize })}
            manage={manage}
            onOpen={(d) => setOpenId(d.id)}
            onAction={act}
          />
        </Panel>
        <Suspense fallback={null}>
          {openId && (
            <DeviceDrawer
              deviceId={openId}
              manage={manage}
              onClose={() => setOpenId(undefined)}
              onAction={act}
            />
          )}
          {(dialog?.kind === 'register' || dialog?.kind === 'edit') && (
            <DeviceFormModal
              device={dialog.kind === 'edit' ? dialog.device : undefined}
              onClose={close}
              onRegistered={(credentials) => setDialog({ kind: 'credentials', credentials })}
            />
          )}
          {dialog?.kind === 'place' && <PlaceDeviceModal device={dialog.device} onClose={close} />}
          {dialog?.kind === 'bulk' && <BulkBindModal onClose={close} />}
          {dialog?.kind === 'credentials' && (
            <DeviceCredentialsModal credentials={dialog.credentials} onClose={close} />
          )}
        </Suspense>
      </section>
    </LiveDevicesContext.Provider>
  );
}
