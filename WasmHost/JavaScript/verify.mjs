// Verifies one receipt through the WebAssembly module in Node.js or any JavaScript engine with WebAssembly:
//   node WasmHost/JavaScript/verify.mjs .build-wasm/receipt.wasm RECEIPT.der [BUNDLE_ID]
// Prints the status, the verdict, the error code, the bundle identifier and the number of in-app purchases.

import { readFile } from "node:fs/promises";

const { instance } = await WebAssembly.instantiate(await readFile(process.argv[2]));
const wasm = instance.exports;

// Copies bytes into memory from receipt_allocate; [0, 0] for "absent".
function place(bytes) {
  if (!bytes) return [0, 0];
  const address = wasm.receipt_allocate(bytes.length);
  if (address === 0) throw new Error("out of memory");
  new Uint8Array(wasm.memory.buffer, address, bytes.length).set(bytes);
  return [address, bytes.length];
}

function validate(receipt, { anchors, instant, bundleId } = {}) {
  const inputs = [place(receipt), place(anchors), place(bundleId && new TextEncoder().encode(bundleId))];
  try {
    const status = wasm.receipt_validate(
      ...inputs[0], ...inputs[1],
      instant === undefined ? 0 : 1, BigInt(instant ?? 0),
      ...inputs[2]);
    // memory.buffer is replaced whenever the module grows its memory, and asking for the JSON's pointer writes
    // the JSON, which may grow it: so the view is taken after both calls.
    const pointer = wasm.receipt_result_json_pointer();
    const length = wasm.receipt_result_json_length();
    const json = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, pointer, length));
    return { status, step: wasm.receipt_result_step(), result: JSON.parse(json) };
  } finally {
    for (const [address] of inputs) if (address !== 0) wasm.receipt_free(address);
  }
}

const receipt = await readFile(process.argv[3]);
const { status, result } = validate(receipt, { bundleId: process.argv[4] });
console.log(status, result.valid, result.error?.code ?? "-", result.receipt?.bundle_id, result.receipt?.in_app.length);
