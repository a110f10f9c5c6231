import { PlusOutlined } from '@ant-design/icons';
import type { ApiApp, AppCredentials } from '@fleet/contract';
import { Button, type ButtonProps, Flex, Modal, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useRemoveAppMutation,
  useReviewAppMutation,
  useRevokeAppMutation,
} from '../../api/apps/app-mutations';
import { useApiAppsQuery } from '../../api/apps/apps-query';
import { useMyPermissionsQuery } from '../../api/roles/my-permissions-query';
import { notify } from '../../feedback/notifier';
import type { AppAction } from './AppActions';
import { AppsTable } from './AppsTable';

const AppFormModal = lazy(() => import('./AppFormModal'));
const AppCredentialsModal = lazy(() => import('./AppCredentialsModal'));
const RotateSecretModal = lazy(() => import('./RotateSecretModal'));
const AppDrawer = lazy(() => import('./AppDrawer'));

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; app: ApiApp }
  | { kind: 'rotate'; app: ApiApp }
  | { kind: 'credentials'; credentials: AppCredentials };

/** The API applications tab: the company's integrations, their keys, robots, limits and webhooks. */
export function ApiAppsTab() {
  const { t } = useTranslation('apps');
  const list = useApiAppsQuery(true);
  const rights = useMyPermissionsQuery().data;
  const mayReview = rights?.role === 'owner' || rights?.isSuperAdmin === true;
  const [dialog, setDialog] = useState<Dialog>();
  const [openId, setOpenId] = useState<string>();
  const [modal, confirmations] = Modal.useModal();
  const revoke = useRevokeAppMutation();
  const review = useReviewAppMutation();
  const remove = useRemoveAppMutation();
  const open = list.data?.find((a) => a.id === openId);

  const act = (action: AppAction, app: ApiApp) => {
    const { name } = app;
    switch (action) {
      case 'edit':
      case 'rotate':
        setDialog({ kind: action, app });
        return;
      case 'review':
        review.mutate(app.id, {
          onSuccess: () => notify({ level: 'success', text: t('review.done', { name }) }),
        });
        return;
      case 'revoke':
        void modal.confirm({
          title: t('revoke.title', { name }),
          content: t('revoke.explain'),
          okText: t('revoke.ok'),
          okButtonProps: { danger: true, 'data-testid': 'revoke-confirm' } as ButtonProps,
          onOk: () =>
            revoke
              .mutateAsync(app.id)
              .then(() => notify({ level: 'success', text: t('revoke.done', { name }) })),
        });
        return;
      case 'remove':
        void modal.confirm({
          title: t('remove.title', { name }),
          content: t('remove.explain'),
          okText: t('remove.ok'),
          okButtonProps: { danger: true, 'data-testid': 'remove-confirm' } as ButtonProps,
          onOk: () =>
            remove.mutateAsync(app.id).then(() => {
              if (openId === app.id) setOpenId(undefined);
              notify({ level: 'success', text: t('remove.done', { name }) });
            }),
        });
        return;
    }
  };

  return (
    <Flex vertical gap={16} data-testid="app-api">
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 720 }}>
          {t('list.intro')}{' '}
          <Typography.Link href="/opt/docs#/Open%20API" target="_blank" rel="noreferrer">
            {t('list.docs')}
          </Typography.Link>
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setDialog({ kind: 'create' })}
          data-testid="app-create"
        >
          {t('list.create')}
        </Button>
      </Flex>
      <AppsTable
        apps={list.data}
        loading={list.isLoading}
        mayReview={mayReview}
        onOpen={(app) => setOpenId(app.id)}
        onAction={act}
      />
      {confirmations}
      <Suspense fallback={null}>
        {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
          <AppFormModal
            app={dialog.kind === 'edit' ? dialog.app : undefined}
            onClose={() => setDialog(undefined)}
            onCreated={(credentials) => setDialog({ kind: 'credentials', credentials })}
          />
        )}
        {dialog?.kind === 'rotate' && (
          <RotateSecretModal
            app={dialog.app}
            onClose={() => setDialog(undefined)}
            onRotated={(credentials) => setDialog({ kind: 'credentials', credentials })}
          />
        )}
        {dialog?.kind === 'credentials' && (
          <AppCredentialsModal credentials={dialog.credentials} onClose={() => setDialog(undefined)} />
        )}
        {open && <AppDrawer app={open} onClose={() => setOpenId(undefined)} />}
      </Suspense>
    </Flex>
  );
}
