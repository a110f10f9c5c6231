import { AREA_NAMES, AREA_SHAPES, type AreaName, SIDE_PATHS, type Side } from './areas.js';

const COLUMNS: readonly [Side, string][] = [
  ['contract', 'contract'],
  ['module', 'server module'],
  ['schema', 'schema'],
  ['api', 'web api'],
  ['pages', 'pages'],
  ['e2e', 'e2e'],
  ['i18n', 'i18n'],
];

function cell(area: AreaName, side: Side): string {
  const shape = AREA_SHAPES[area];
  if (!shape.sides.includes(side)) return shape.without?.[side] ? `— (${shape.without[side]})` : '—';
  return SIDE_PATHS[side](area)
    .split(' | ')
    .map((p) => `\`${p}\``)
    .join(' or ');
}

/** The table of docs/architecture.md "Areas": one row per area, the path of each side. */
export function renderAreaTable(): string {
  const head = ['area', 'what', ...COLUMNS.map(([, label]) => label), 'also'];
  const rows = AREA_NAMES.map((area) => {
    const shape = AREA_SHAPES[area];
    const also = (shape.elsewhere ?? []).map((p) => `\`${p}\``).join(', ') || '—';
    return [`**${area}**`, shape.what, ...COLUMNS.map(([side]) => cell(area, side)), also];
  });
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
