import type { SettingKind, SettingVersion } from '@fleet/contract';
import { Alert, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingRemoveMutation } from '../../../api/analysis/settings-mutations';
import { useAnalysisSettingsQuery } from '../../../api/analysis/settings-query';
import { notify } from '../../../feedback/notifier';
import { todayHere } from './day.utils';
import { SettingFormModal } from './SettingFormModal';
import { TabIntro } from './TabIntro';
import { useCompanyChoices } from './use-company-choices';
import { useDayLabel } from './use-day-label';
import { useScopeLabel } from './use-scope-label';
import { useSettingSummary } from './use-setting-summary';
import { VersionsTable } from './VersionsTable';
import { versionBefore, versionsInEffect, versionsOf } from './versions.utils';

const NO_VERSIONS: SettingVersion[] = [];

type Dialog = { mode: 'new' } | { mode: 'edit'; version: SettingVersion };

/** One kind of setting: its versions by scope and date, and (with analysis.manage) new, edit and delete. */
export function SettingsTab({ kind, manage }: { kind: SettingKind; manage: boolean }) {
  const { t } = useTranslation('analysis');
  const settings = useAnalysisSettingsQuery();
  const remove = useSettingRemoveMutation();
  const choices = useCompanyChoices();
  const dayLabel = useDayLabel();
  const scopeLabel = useScopeLabel(choices.nameOf);
  const summarise = useSettingSummary(choices.nameOf);
  const [dialog, setDialog] = useState<Dialog>();
  const all = settings.data?.versions ?? NO_VERSIONS;
  const versions = useMemo(() => versionsOf(kind, all, choices.nameOf), [kind, all, choices.nameOf]);
  const inEffect = useMemo(() => versionsInEffect(versions, todayHere()), [versions]);

  const removeText = (v: SettingVersion) => {
    const before = versionBefore(v, all);
    return before
      ? t('config.versions.removeText', {
          date: dayLabel(v.effectiveFrom),
          before: dayLabel(before.effectiveFrom),
        })
      : t('config.versions.removeTextWider', { date: dayLabel(v.effectiveFrom) });
  };

  async function removeVersion(v: SettingVersion) {
    try {
      await remove.mutateAsync(v.id);
      notify({ level: 'success', text: t('config.versions.removed') });
    } catch {
      // the API client has told the user
    }
  }

  return (
    <Flex vertical gap={12} data-testid={`settings-${kind}`}>
      <TabIntro
        text={t(`config.${kind}.intro`)}
        newLabel={t('config.versions.new')}
        manage={manage}
        onNew={() => setDialog({ mode: 'new' })}
        data-testid="setting-new"
      />
      <VersionsTable
        versions={versions}
        loading={settings.isPending}
        inEffect={inEffect}
        manage={manage}
        removingId={remove.isPending ? remove.variables : undefined}
        scopeLabel={scopeLabel}
        dayLabel={dayLabel}
        summary={(v) => summarise(kind, v.value)}
        removeText={removeText}
        emptyText={t(manage ? `config.${kind}.empty` : `config.${kind}.emptyReadOnly`)}
        onEdit={(version) => setDialog({ mode: 'edit', version })}
        onRemove={removeVersion}
      />
      <Alert type="info" showIcon title={t('config.versions.note')} />
      {dialog && (
        <SettingFormModal
          kind={kind}
          version={dialog.mode === 'edit' ? dialog.version : undefined}
          versions={all}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Flex>
  );
}
