// Validations per second of one receipt through the WebAssembly module in Node.js, for Benchmarks/run.sh:
//   node Benchmarks/wasm-node.mjs MODULE.wasm RECEIPT.der [SECONDS] [--json]
// Validates the receipt at its creation date with the bundled root and reads the status, as the native
// `receipt-validate-g5 this` benchmark validates without writing anything; with --json it also reads the result's
// JSON each time, which the module writes when asked (docs/webassembly.md). Warm-up for a second (V8 compiles the
// module in tiers), then the best of five runs of SECONDS/5. Prints validations per second; exits 1 if the module
// does not find the receipt valid.
import { readFile } from "node:fs/promises";

const [modulePath, receiptPath, secondsText = "5", jsonFlag] = process.argv.slice(2);
const readJSON = jsonFlag === "--json";
const { instance } = await WebAssembly.instantiate(await readFile(modulePath));
const wasm = instance.exports;
const receipt = await readFile(receiptPath);
const address = wasm.receipt_allocate(receipt.length);
if (address === 0) throw new Error("out of memory");
new Uint8Array(wasm.memory.buffer, address, receipt.length).set(receipt);

// The pointer first: it writes the JSON, which may grow memory and replace memory.buffer.
const json = () => {
  const pointer = wasm.receipt_result_json_pointer();
  const length = wasm.receipt_result_json_length();
  return new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, pointer, length));
};
const validate = () => {
  const status = wasm.receipt_validate(address, receipt.length, 0, 0, 0, 0n, 0, 0);
  if (readJSON) json();
  return status;
};
// Status 0 is a valid receipt (docs/webassembly.md).
if (validate() !== 0) {
  console.error(`wasm-node: ${receiptPath} is not valid: ${json()}`);
  process.exit(1);
}

function run(milliseconds) {
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < milliseconds) {
    validate();
    count += 1;
  }
  return count / ((performance.now() - start) / 1000);
}

run(1000);
const slice = (Number(secondsText) * 1000) / 5;
let best = 0;
for (let round = 0; round < 5; round += 1) best = Math.max(best, run(slice));
console.log(best.toFixed(1));
