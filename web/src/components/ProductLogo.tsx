import { theme } from 'antd';
import { useClientConfigQuery } from '../api/common/client-config-query';
import { DEFAULT_LOGO_URL } from '../branding/branding';

/** The brand of the host name the page was opened on (a partner domain has its own). */
export function ProductLogo({ collapsed = false }: { collapsed?: boolean }) {
  const { token } = theme.useToken();
  const config = useClientConfigQuery().data;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, lineHeight: 1 }}>
      <img
        src={config?.logoUrl || DEFAULT_LOGO_URL}
        alt={collapsed ? (config?.productName ?? '') : ''}
        width={32}
        height={32}
        style={{ objectFit: 'contain' }}
        data-testid="product-logo"
      />
      {!collapsed && config && (
        <span
          data-testid="product-name"
          style={{
            fontSize: 17,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
            whiteSpace: 'nowrap',
          }}
        >
          {config.productName}
        </span>
      )}
    </span>
  );
}
