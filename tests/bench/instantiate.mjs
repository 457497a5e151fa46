// Instantiates a wasm32 build of a bench binary in Node. The library links wasm-bindgen glue
// for the web app, which the benches never call, so each import is a function that would throw.
export async function instantiateWithoutGlue(bytes) {
  const module = await WebAssembly.compile(bytes);
  const imports = {};
  for (const { module: name, name: field } of WebAssembly.Module.imports(module)) {
    (imports[name] ??= {})[field] = () => {
      throw new Error(`${name}.${field} is not available in the bench`);
    };
  }
  return WebAssembly.instantiate(module, imports);
}
