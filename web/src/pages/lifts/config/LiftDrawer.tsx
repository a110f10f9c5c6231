import { DOOR_SIDES, type Floor, type Lift, type LiftBank, liftTopicLevel } from '@fleet/contract';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useCreateLiftMutation, useEditLiftMutation } from '../../../api/lifts/lift-config-mutations';
import { refusalText } from '../../../api/refusal-words';
import { notify } from '../../../feedback/notifier';
import { zodRule } from '../../../forms/zod-rule';
import { useUnitSystem } from '../../../units/use-units';
import { LandingsTable } from './LandingsTable';
import { type LiftIssues, placeLiftIssues } from './lift-errors.utils';
import {
  changesTestedFields,
  type LiftFormValues,
  landingRows,
  liftValuesOf,
  newLiftValues,
  toCreateLiftBody,
  toEditLiftBody,
} from './lift-form.utils';
import { formIssuesOf } from './server-issues.utils';
import { useRuleWords } from './use-rule-words';

interface Props {
  bank: LiftBank;
  /** Editing this lift; adding one to the bank when absent. */
  lift?: Lift | undefined;
  /** The bank's building's floors, lowest first. */
  floors: readonly Floor[];
  onClose: () => void;
}

const NO_ISSUES: Pick<LiftIssues, 'landings' | 'general'> = { landings: {}, general: [] };

/** A lift's name, gateway name, doors, served floors and a landing per floor and door, with waypoints. */
export function LiftDrawer({ bank, lift, floors, onClose }: Props) {
  const { t, i18n } = useTranslation(['lifts', 'errors']);
  const words = useRuleWords();
  const system = useUnitSystem();
  const [form] = Form.useForm<LiftFormValues>();
  const create = useCreateLiftMutation();
  const edit = useEditLiftMutation();
  const [issues, setIssues] = useState(NO_ISSUES);
  const values = Form.useWatch([], form) as LiftFormValues | undefined;
  const [initial] = useState(() => (lift ? liftValuesOf(lift, floors, system) : newLiftValues()));
  const required = { required: true, message: t('errors:validation.required') };
  const retest =
    lift?.enabledForRobots === true &&
    values?.landings !== undefined &&
    changesTestedFields(toEditLiftBody(lift, values, floors, system));

  function onValuesChange(changed: Partial<LiftFormValues>, all: LiftFormValues) {
    if (changed.servedFloorIds || changed.doorSides) {
      form.setFieldValue(
        'landings',
        landingRows(all.servedFloorIds, all.doorSides, floors, all.landings ?? []),
      );
      setIssues(NO_ISSUES);
    } else if (changed.landings) {
      // A row typed in again loses the server's complaint about it.
      const rows = Object.keys(changed.landings);
      setIssues((was) => ({
        general: was.general,
        landings: Object.fromEntries(
          Object.entries(was.landings).filter(([key]) => !rows.includes(key.split('.')[0] ?? '')),
        ),
      }));
    }
  }

  async function save() {
    let v: LiftFormValues;
    try {
      await form.validateFields();
      // Every value, not only those with an input: a landing's floor and door side have none.
      v = form.getFieldsValue(true) as LiftFormValues;
    } catch {
      return;
    }
    try {
      if (lift) {
        const saved = await edit.mutateAsync(toEditLiftBody(lift, v, floors, system));
        notify({ level: 'success', text: t('config.liftForm.saved', { name: saved.name }) });
      } else {
        const created = await create.mutateAsync(toCreateLiftBody(bank.id, v, floors, system));
        notify({ level: 'success', text: t('config.liftForm.created', { name: created.name }) });
      }
      onClose();
    } catch (error) {
      const found = formIssuesOf(error, words);
      if (!found) return;
      const placed = placeLiftIssues(found);
      (form as FormInstance).setFields(placed.fields);
      setIssues({ landings: placed.landings, general: placed.general });
      if (
        placed.fields.length === 0 &&
        placed.general.length === 0 &&
        Object.keys(placed.landings).length === 0
      )
        notify({
          level: 'warning',
          text:
            (isApiError(error) ? refusalText(i18n, error) : undefined) ??
            (error instanceof Error ? error.message : String(error)),
        });
    }
  }

  return (
    <Drawer
      open
      size={960}
      destroyOnHidden
      onClose={onClose}
      title={
        lift
          ? t('config.liftForm.editTitle', { name: lift.name })
          : t('config.liftForm.addTitle', { bank: bank.name })
      }
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('config.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending || edit.isPending}
            data-testid="lift-form-submit"
            onClick={save}
          >
            {lift ? t('config.save') : t('config.liftForm.add')}
          </Button>
        </Space>
      }
    >
      <Form<LiftFormValues>
        form={form}
        name="lift-form"
        layout="vertical"
        requiredMark="optional"
        initialValues={initial}
        onValuesChange={onValuesChange}
      >
        {retest && (
          <Alert
            type="warning"
            showIcon
            data-testid="lift-retest-notice"
            title={t('config.liftForm.retest', { name: lift?.name })}
            style={{ marginBottom: 16 }}
          />
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="name"
              label={t('config.liftForm.name')}
              validateFirst
              rules={[
                { ...required, whitespace: true },
                { max: 80, message: t('errors:validation.tooLong', { max: 80 }) },
              ]}
            >
              <Input autoComplete="off" autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="gatewayLiftName"
              label={t('config.liftForm.gatewayLiftName')}
              extra={t('config.liftForm.gatewayLiftNameHint')}
              validateFirst
              rules={[required, zodRule(liftTopicLevel, t, t('config.liftForm.topicLevel'))]}
            >
              <Input autoComplete="off" style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="doorSides" label={t('config.liftForm.doorSides')} rules={[required]}>
              <Checkbox.Group
                options={DOOR_SIDES.map((s) => ({ value: s, label: t(`config.sides.${s}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="maxRobots" label={t('config.liftForm.maxRobots')} rules={[required]}>
              <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="servedFloorIds"
          label={t('config.liftForm.servedFloors')}
          rules={[required, { type: 'array', min: 2, message: t('config.liftForm.twoFloors') }]}
        >
          <Select
            mode="multiple"
            data-testid="lift-served-floors"
            placeholder={t('config.liftForm.chooseFloors')}
            optionFilterProp="label"
            options={floors.map((f) => ({ value: f.id, label: f.name }))}
          />
        </Form.Item>
        {issues.general.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="landings-error"
            title={issues.general.join(' · ')}
            style={{ marginBottom: 12 }}
          />
        )}
        <LandingsTable floors={floors} landingIssues={issues.landings} />
      </Form>
    </Drawer>
  );
}
