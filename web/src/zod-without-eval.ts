/**
 * The console runs under a Content-Security-Policy without 'unsafe-eval'. Zod compiles its object parsers with
 * `new Function` where it can, and merely trying makes the browser report a violation. Zod reads its
 * configuration from this global object, creating it only when absent, so setting `jitless` here — the first
 * module main.tsx evaluates, before anything imports zod — keeps it on its interpreted path at no bundle cost.
 * zod-without-eval.test.ts fails if a zod upgrade stops reading it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
