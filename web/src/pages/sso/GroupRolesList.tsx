import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SSO_ROLES } from '@fleet/contract';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The provider's groups and the role each gives its members (the highest wins), one row per group. */
export function GroupRolesList() {
  const { t } = useTranslation(['sso', 'people']);
  const roles = SSO_ROLES.map((r) => ({ value: r, label: t(`sso:roles.${r}`) }));
  return (
    <Form.List name="groupRoles">
      {(rows, { add, remove }) => (
        <Flex vertical gap={8} data-testid="sso-group-roles">
          {rows.map((row) => (
            <Flex key={row.key} gap={8} align="start">
              <Form.Item
                name={[row.name, 'group']}
                style={{ flex: 1, marginBottom: 0 }}
                rules={[{ required: true, whitespace: true, message: t('sso:form.groupRequired') }]}
              >
                <Input placeholder="fleet-admins" aria-label={t('sso:form.group')} />
              </Form.Item>
              <Form.Item
                name={[row.name, 'role']}
                style={{ width: 160, marginBottom: 0 }}
                initialValue="staff"
              >
                <Select options={roles} aria-label={t('sso:form.role')} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('sso:form.removeGroup')}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ group: '', role: 'admin' })}
            style={{ alignSelf: 'flex-start' }}
            data-testid="sso-add-group"
          >
            {t('sso:form.addGroup')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
