import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { CONSOLE_THEME } from '../branding/theme';

/** `--fc-border-radius-sm` → `borderRadiusSM`, antd's name for the same token. */
function tokenName(variable: string): string {
  return variable.replace(/-([a-z0-9]+)/g, (_, part: string) =>
    ['sm', 'lg', 'xs'].includes(part) ? part.toUpperCase() : part[0]?.toUpperCase() + part.slice(1),
  );
}

function normalise(value: unknown): string {
  return String(value).replace(/px$/, '').replace(/["']/g, '').replace(/\s+/g, '').toLowerCase();
}

// Read from disk: the test runner hands CSS imports over empty.
const css = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

describe('tokens.css', () => {
  const declared = [...css.matchAll(/--fc-([a-z0-9-]+):\s*([^;]+);/g)].map(
    ([, name = '', value = '']) => [tokenName(name), value] as const,
  );
  const antd = theme.getDesignToken(CONSOLE_THEME) as unknown as Record<string, unknown>;

  it('declares antd tokens only', () => {
    expect(declared.length).toBeGreaterThan(20);
    for (const [name] of declared) expect(antd, name).toHaveProperty(name);
  });

  it.each(declared)('%s is the value antd computes for the console theme', (name, value) => {
    expect(normalise(value)).toBe(normalise(antd[name]));
  });
});
