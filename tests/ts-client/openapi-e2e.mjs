// End to end for a server generated from an OpenAPI description (issue 27): Prism serves the
// description's own examples as a stand-in for the API, the generated MCP server calls it, and
// the official MCP TypeScript SDK client calls the server over stdio. Every response (text
// blocks, isError, structuredContent) is compared with the checked-in expectations byte for byte.
//
// usage: node openapi-e2e.mjs <server binary> <description> <calls.json> [--update]
//
// calls.json sits beside calls.in.json: the same calls with their `expected` responses.
// `--update` rewrites calls.json from calls.in.json and what the server answers now (review the
// diff). Each call also records the requests the API received for it (method, path and query as
// sent, and whether the key came), through a recording proxy in front of Prism, so a call refused
// before the API shows none. A call with `"key": false` goes to a second server started without the project key.
// Prism is started on a free port, waited for, and always stopped, also when a check fails.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
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
      return { child, url };
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`prism did not listen on ${url} within 60 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * A recording proxy in front of Prism: the server calls it, it forwards each request unchanged
 * and notes what the API received (method, path and query as sent, and whether the `project_id`
 * header carried the key). Prism's own log leaves the query out. A request is noted before it is
 * forwarded, so by the time a tool call returns, its requests are there.
 */
function startRecorder(target) {
  const seen = [];
  const proxy = createHttpServer((req, res) => {
    const key = req.headers.project_id;
    const auth = key === undefined ? "no project_id" : key === KEY ? "project_id: the key" : "project_id: another value";
    seen.push(`${req.method} ${req.url} (${auth})`);
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    proxy.once("error", reject);
    proxy.listen(0, "127.0.0.1", () => {
      const { port } = proxy.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => proxy.close(),
        /** The requests noted since the last call. */
        take: () => seen.splice(0, seen.length),
      });
    });
  });
}

async function connect(url, key) {
  const env = { PATH: process.env.PATH ?? "", BLOCKFROST_BASE_URL: url };
  if (key) env.BLOCKFROST_PROJECT_ID = key;
  const client = new Client({ name: "fusion-gen-openapi-e2e", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: serverPath, args: [], env, stderr: "inherit" }));
  return client;
}

async function run(prism) {
  const recorder = await startRecorder(prism.url);
  const withKey = await connect(recorder.url, KEY);
  const withoutKey = await connect(recorder.url, undefined);
  try {
    const { tools } = await withKey.listTools();
    const names = tools.map((t) => t.name).sort().join(",");
    check(names === "assets,epochs,pools", `tools/list: assets, epochs and pools (${names})`);
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
      const requests = recorder.take();
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
    recorder.close();
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
