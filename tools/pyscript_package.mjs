// Prints PyScript's own Python package (`import pyscript`) as JSON,
// {name: text, folder: {...}}, as @pyscript/core's stdlib module holds it
// and PyScript writes it at every start (tools/build.py precompiles it).
//
//   node tools/pyscript_package.mjs node_modules/@pyscript/core/src/stdlib/pyscript.js
import { pathToFileURL } from "node:url";

const { default: files } = await import(pathToFileURL(process.argv[2]).href);
process.stdout.write(JSON.stringify(files));
