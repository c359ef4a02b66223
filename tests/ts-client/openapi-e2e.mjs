// End to end for a server generated from an OpenAPI description (issue 27): Prism serves the
// description's own examples as a stand-in for the API, the generated MCP server calls it, and
// the official MCP TypeScript SDK client calls the server over stdio. Every response (text
// blocks, isError, structuredContent) is compared with the checked-in expectations byte for byte.
//
// usage: node openapi-e2e.mjs <server binary> <description> <calls.json> [--update]
//
// calls.json sits beside calls.in.json: the same calls with their `expected` responses.
// `--update` rewrites calls.json from calls.in.json and what the server answers now (review the
// diff). Each call also records the requests Prism received for it (method and path, encoded as
// sent; Prism's log leaves the query out), so a call refused before the API shows none. A call with `"key": false` goes to a second server started without the project key.
// Prism is started on a free port, waited for, and always stopped, also when a check fails.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const args = process.argv.slice(2);
const update = args.includes("--update");
const [serverPath, description, callsPath] = args.filter((a) => a !== "--update");
if (!serverPath || !description || !callsPath) {
  console.error("usage: node openapi-e2e.mjs <server> <description> <calls.json> [--update]");
  process.exit(2);
}
const inputsPath = callsPath.replace(/\.json$/, ".in.json");
const cases = JSON.parse(readFileSync(update ? inputsPath : callsPath, "utf8"));
// A fixed key: Prism checks that the `project_id` header is there, not what it says.
const KEY = "mock-project-key";
let failures = 0;

function check(ok, what) {
  if (!ok) {
    failures += 1;
    console.error(`  FAIL ${what}`);
  }
}

function wire(result) {
  const out = { content: result.content.map((block) => (block.type === "text" ? block.text : "<not text>")) };
  if (result.isError !== undefined) out.isError = result.isError;
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  return out;
}

/** A port nothing listens on now (the OS's pick, released for Prism to take). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts Prism in static mode (the description's examples, the same answer every time). */
async function startPrism() {
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist", "index.js");
  const port = await freePort();
  const child = spawn(process.execPath, [cli, "mock", "--host", "127.0.0.1", "--port", String(port), "--dynamic=false", description], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${log}`);
    try {
      // Any answer means it listens; a key-less request is Prism's own 401.
      await fetch(`${url}/health`);
      const requests = requestsSince(url, () => log);
      await requests(); // the readiness probes are nobody's
      return { child, url, log: () => log, requests };
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`prism did not listen on ${url} within 60 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

// Prism logs each request it receives (`[HTTP SERVER] get /assets/x ℹ info Request received`:
// method and path as sent, the query left out). Returns a function giving the requests logged
// since its last call: it sends a marker request and waits for it in the log, which arrives in
// order, so that every request before the marker is there.
function requestsSince(url, log) {
  const MARKER = "/health/clock";
  const pattern = /\[HTTP SERVER\] (\w+) (\S+) \S+\s+info\s+Request received/g;
  let seen = 0;
  let consumed = 0;
  return async () => {
    seen += 1;
    await fetch(`${url}${MARKER}`);
    const deadline = Date.now() + 10000;
    for (;;) {
      const all = [...log().matchAll(pattern)].map((m) => `${m[1].toUpperCase()} ${m[2]}`);
      const markers = all.flatMap((r, i) => (r === `GET ${MARKER}` ? [i] : []));
      if (markers.length >= seen) {
        const end = markers[seen - 1];
        const since = all.slice(consumed, end).filter((r) => r !== `GET ${MARKER}`);
        consumed = end + 1;
        return since;
      }
      if (Date.now() > deadline) throw new Error(`Prism logged no marker request:\n${log()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
}

async function connect(url, key) {
  const env = { PATH: process.env.PATH ?? "", BLOCKFROST_BASE_URL: url };
  if (key) env.BLOCKFROST_PROJECT_ID = key;
  const client = new Client({ name: "fusion-gen-openapi-e2e", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: serverPath, args: [], env, stderr: "inherit" }));
  return client;
}

async function run(prism) {
  const withKey = await connect(prism.url, KEY);
  const withoutKey = await connect(prism.url, undefined);
  try {
    const { tools } = await withKey.listTools();
    const names = tools.map((t) => t.name).sort().join(",");
    check(names === "assets,epochs", `tools/list: assets and epochs (${names})`);
    const assets = tools.find((t) => t.name === "assets");
    check(assets?.inputSchema?.properties?._select?.type === "array", "tools/list: _select in assets' input schema");
    check(assets?.annotations?.readOnlyHint === true, "tools/list: assets is read-only (every action is a GET)");
    const list = JSON.stringify(tools);
    check(!list.includes(KEY), "tools/list: the key shows nowhere");
    const out = [];
    for (const c of cases) {
      const client = c.key === false ? withoutKey : withKey;
      let result;
      try {
        result = wire(await client.callTool({ name: c.tool, arguments: c.arguments }));
      } catch (error) {
        check(false, `${c.name}: the call threw ${error}`);
        continue;
      }
      check(!JSON.stringify(result).includes(KEY), `${c.name}: the key shows nowhere in the response`);
      const requests = await prism.requests();
      if (update) {
        out.push({ ...c, requests, expected: result });
        continue;
      }
      const sameRequests = isDeepStrictEqual(requests, c.requests);
      check(sameRequests, `${c.name}: the API received ${JSON.stringify(requests)}, not ${JSON.stringify(c.requests)}`);
      const same = isDeepStrictEqual(result, c.expected);
      check(same, `${c.name}: the response differs from ${callsPath}`);
      if (!same) console.error(JSON.stringify(result).slice(0, 2000));
    }
    if (update) {
      writeFileSync(callsPath, `${JSON.stringify(out, null, 2)}\n`);
      console.log(`wrote ${out.length} calls to ${callsPath}`);
    } else {
      const inputs = JSON.parse(readFileSync(inputsPath, "utf8"));
      const strip = (list) => list.map(({ expected, requests, ...c }) => c);
      check(isDeepStrictEqual(strip(cases), inputs), `${callsPath} and ${inputsPath} list different calls: run with --update`);
    }
  } finally {
    await withKey.close();
    await withoutKey.close();
  }
}

const prism = await startPrism();
const stop = () => prism.child.kill();
process.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stop();
    process.exit(1);
  });
}
try {
  await run(prism);
} catch (error) {
  failures += 1;
  console.error(`  FAIL ${error?.stack ?? error}`);
} finally {
  stop();
}
if (failures > 0) {
  console.error(`${failures} check(s) failed`);
  process.exit(1);
}
console.log(`OpenAPI end to end: ${cases.length} calls through Prism ${update ? "recorded" : "checked"}`);
