import { describe, expect, it } from 'vitest';
import './zod-without-eval';

describe('zod without eval', () => {
  it('zod, loaded after the setting, never compiles a parser with new Function', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const original = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled++;
        return Reflect.construct(target, args);
      },
    });
    try {
      z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toBe(0);
  });
});
