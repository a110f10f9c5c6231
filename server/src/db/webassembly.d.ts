/*
 * The part of the WebAssembly API the server uses (node has it; TypeScript declares it only in its DOM libraries,
 * which a server must not include). PGlite's own declarations name WebAssembly.Module too.
 */
declare namespace WebAssembly {
  class Module {}
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
  function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
}
