import { LEVELS, type Permission } from '@fleet/contract';
import { Checkbox, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { areaState, MATRIX, toggleArea, togglePermission } from './permission-matrix.utils';

interface Props {
  /** Given by the antd Form.Item. */
  value?: Permission[];
  onChange?: (value: Permission[]) => void;
  id?: string;
}

/** Areas × read / manage / operate; a checkbox where the area has the level, a dash elsewhere. */
export function PermissionMatrix({ value = [], onChange, id }: Props) {
  const { t } = useTranslation(['roles', 'common']);
  const { token } = theme.useToken();
  const cell = { padding: '6px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  return (
    <table id={id} data-testid="permission-matrix" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <caption style={{ textAlign: 'start', color: token.colorTextSecondary, paddingBottom: 8 }}>
        {t('matrix.caption')}
      </caption>
      <thead>
        <tr>
          <th scope="col" style={{ ...cell, textAlign: 'start' }}>
            {t('matrix.area')}
          </th>
          {LEVELS.map((level) => (
            <th key={level} scope="col" style={{ ...cell, textAlign: 'center' }}>
              {t(`permissions.levels.${level}`, { ns: 'common' })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {MATRIX.map((row) => {
          const areaName = t(`permissions.areas.${row.area}`, { ns: 'common' });
          const state = areaState(value, row.area);
          return (
            <tr key={row.area}>
              <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 'normal' }}>
                <Checkbox
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  aria-label={t('matrix.wholeArea', { area: areaName })}
                  onChange={(e) => onChange?.(toggleArea(value, row.area, e.target.checked))}
                >
                  {areaName}
                </Checkbox>
              </th>
              {row.cells.map(({ level, permission }) => (
                <td key={level} style={{ ...cell, textAlign: 'center' }}>
                  {permission ? (
                    <Checkbox
                      data-testid={`perm-${permission}`}
                      aria-label={t('matrix.cell', {
                        area: areaName,
                        level: t(`permissions.levels.${level}`, { ns: 'common' }),
                      })}
                      checked={value.includes(permission)}
                      onChange={(e) => onChange?.(togglePermission(value, permission, e.target.checked))}
                    />
                  ) : (
                    <span aria-hidden style={{ color: token.colorTextQuaternary }}>
                      —
                    </span>
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
