import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_ROOT } from '../server-root.js';

const PAGES_DIR = path.join(SERVER_ROOT, 'pages');
const PAGES = {
  'user-guide': { en: 'User guide', zh: '使用指南' },
  terms: { en: 'Terms of service', zh: '服务条款' },
};
type Page = keyof typeof PAGES;

/** The page's language: ?lng=, then the console's lng header, then the browser's languages; English otherwise. */
export function pageLanguage(request: FastifyRequest): 'en' | 'zh' {
  const query = (request.query as { lng?: unknown }).lng;
  const header = request.headers.lng;
  const wanted = [query, header, request.headers['accept-language']].find((v) => typeof v === 'string' && v);
  return typeof wanted === 'string' && wanted.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The user guide and terms of service the header links to by default, in both languages. */
export function registerDocPages(app: FastifyInstance): void {
  app.get('/docs/:page', { schema: { hide: true } }, async (request, reply) => {
    const page = (request.params as { page: string }).page;
    if (!Object.hasOwn(PAGES, page)) return reply.status(404).type('text/plain').send(`No page ${page}`);
    const lng = pageLanguage(request);
    const [layout, body] = await Promise.all([
      readFile(path.join(PAGES_DIR, 'layout.html'), 'utf8'),
      readFile(path.join(PAGES_DIR, lng, `${page}.html`), 'utf8'),
    ]);
    const html = layout
      .replace('<html lang="en">', `<html lang="${lng === 'zh' ? 'zh-CN' : 'en'}">`)
      .replace('{{title}}', PAGES[page as Page][lng])
      .replace('{{body}}', body);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
