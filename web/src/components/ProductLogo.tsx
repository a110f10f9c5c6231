import { useClientConfigQuery } from '../api/common/client-config-query';
import { DEFAULT_LOGO_URL } from '../branding/branding';
import '../styles/tokens.css';

/** The brand of the host name the page was opened on (a partner domain has its own). */
export function ProductLogo({ collapsed = false }: { collapsed?: boolean }) {
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
            fontWeight: 'var(--fc-font-weight-strong)',
            color: 'var(--fc-color-text-heading)',
            whiteSpace: 'nowrap',
          }}
        >
          {config.productName}
        </span>
      )}
    </span>
  );
}
