import type { SettingKind, SettingVersion } from '@fleet/contract';
import { Alert, Form } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingSaveMutation } from '../../../api/analysis/settings-mutations';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../feedback/notifier';
import { useUnitSystem } from '../../../units/use-units';
import { CalendarEditor } from './CalendarEditor';
import { DowntimeEditor } from './DowntimeEditor';
import { todayHere } from './day.utils';
import { ExclusionsEditor } from './ExclusionsEditor';
import { ScopeFields } from './ScopeFields';
import {
  editorValues,
  formToSettingBody,
  newSettingForm,
  type SettingFormValues,
  settingFieldOf,
  versionToForm,
} from './setting-form.utils';
import { TargetsEditor } from './TargetsEditor';
import { useFormPathErrors } from './use-form-path-errors';
import { scopeKey, startingValue } from './versions.utils';

interface Props {
  kind: SettingKind;
  /** Editing this version; a new one when absent. */
  version?: SettingVersion | undefined;
  /** Every version: what a new one starts from, and to warn before one is replaced. */
  versions: readonly SettingVersion[];
  onClose: () => void;
}

const NO_FIELDS = {};
const COMPANY = { kind: 'company', id: null } as const;
const WIDTH: Record<SettingKind, number> = { calendar: 760, targets: 860, downtime: 600, exclusions: 600 };

/** A version of one setting: where it applies, from which day, and its value. */
export function SettingFormModal({ kind, version, versions, onClose }: Props) {
  const { t } = useTranslation('analysis');
  const [form] = Form.useForm<SettingFormValues>();
  const system = useUnitSystem();
  const save = useSettingSaveMutation();
  const fieldOf = useCallback((path: readonly string[]) => settingFieldOf(kind, path), [kind]);
  const showErrors = useFormPathErrors(form, fieldOf);
  const scopeKind = Form.useWatch('scopeKind', form);
  const scopeId = Form.useWatch('scopeId', form);
  const effectiveFrom = Form.useWatch('effectiveFrom', form);

  const scope = { kind: scopeKind ?? 'company', id: scopeKind === 'company' ? null : (scopeId ?? null) };
  const key = scopeKey(scope);

  // A new version follows the scope chosen for it: a building starts from its own calendar, a robot's first
  // targets start empty (inherited). The scope is the dialog's first field, so nothing typed is lost in practice.
  const startedFor = useRef(key);
  useEffect(() => {
    if (version || startedFor.current === key || (scope.kind !== 'company' && !scope.id)) return;
    startedFor.current = key;
    form.setFieldsValue(editorValues(kind, startingValue(kind, scope, versions), system));
  });

  const replaces = versions.find(
    (v) =>
      v.kind === kind &&
      v.id !== version?.id &&
      scopeKey(v.scope) === key &&
      v.effectiveFrom === effectiveFrom,
  );
  const movedAway =
    version !== undefined && (scopeKey(version.scope) !== key || version.effectiveFrom !== effectiveFrom);

  async function submit(values: SettingFormValues) {
    await save.mutateAsync(formToSettingBody(kind, values, system, version));
    notify({ level: 'success', text: t('config.form.saved') });
  }

  return (
    <FormModal<SettingFormValues>
      form={form}
      name={`setting-${kind}`}
      formTestId="setting-form"
      width={WIDTH[kind]}
      title={t(version ? `config.${kind}.editTitle` : `config.${kind}.newTitle`)}
      okText={t('config.form.save')}
      cancelText={t('config.actions.cancel')}
      saving={save.isPending}
      submitTestId="setting-form-submit"
      initialValues={
        version
          ? versionToForm(version, system)
          : newSettingForm(kind, startingValue(kind, COMPANY, versions), todayHere(), system)
      }
      fields={NO_FIELDS}
      onError={showErrors}
      onSubmit={submit}
      onClose={onClose}
    >
      <ScopeFields kind={kind} />
      {kind === 'calendar' && <CalendarEditor />}
      {kind === 'targets' && <TargetsEditor />}
      {kind === 'downtime' && <DowntimeEditor />}
      {kind === 'exclusions' && <ExclusionsEditor />}
      {replaces && <Alert type="warning" showIcon title={t('config.form.replaces')} />}
      {movedAway && !replaces && <Alert type="info" showIcon title={t('config.form.movedAway')} />}
    </FormModal>
  );
}
