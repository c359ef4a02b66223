// The official MCP TypeScript SDK as a second, independent client of examples/billing-server:
// over stdio and over streamable HTTP, it replays examples/billing-server/tests/calls.json and
// compares every response (text blocks, isError, structuredContent) with the checked-in bytes.
// The SDK validates each structuredContent against the tool's outputSchema on its own.
//
// usage: node client.mjs <path to billing-server> <path to calls.json>
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [serverPath, casesPath] = process.argv.slice(2);
if (!serverPath || !casesPath) {
  console.error("usage: node client.mjs <billing-server> <calls.json>");
  process.exit(2);
}
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
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

async function drive(transportName, transport) {
  const client = new Client({ name: "fusion-gen-ts-client", version: "1.0.0" });
  await client.connect(transport);
  check(client.getServerVersion()?.name === "fusion-billing", `${transportName}: server name`);
  const { tools } = await client.listTools();
  const billing = tools.find((tool) => tool.name === "billing");
  const clients = tools.find((tool) => tool.name === "clients");
  check(billing && clients, `${transportName}: tools/list has billing and clients`);
  check(billing?.inputSchema?.properties?._select?.type === "array", `${transportName}: _select in the input schema`);
  check(billing?.description?.includes("[3|]:"), `${transportName}: TOON description`);
  check(billing?.annotations?.destructiveHint === true && billing?.annotations?.readOnlyHint === false, `${transportName}: billing annotations`);
  check(billing?.outputSchema === undefined, `${transportName}: billing advertises no output schema`);
  check(clients?.outputSchema?.type === "object", `${transportName}: clients advertises an object output schema`);
  check(clients?.title === "Clients", `${transportName}: clients title`);
  // `id` has one schema in billing's `get` and a stricter one in `remind`: the tool advertises
  // both, each branch naming its actions; calls.json holds each action validating against its own.
  const idBranches = billing?.inputSchema?.properties?.id?.anyOf ?? [];
  check(
    idBranches.length === 2 &&
      idBranches.some((b) => b.pattern === undefined && b.description?.endsWith("For: get")) &&
      idBranches.some((b) => b.pattern === "^INV-[0-9]{6}$" && b.description?.endsWith("For: remind")),
    `${transportName}: billing's id advertises its schema per action`,
  );
  // The reminders tool is exposed flat: one tool per action, each with its own annotations.
  const due = tools.find((tool) => tool.name === "reminders_due");
  const send = tools.find((tool) => tool.name === "reminders_send");
  check(!tools.some((tool) => tool.name === "reminders"), `${transportName}: a flat tool's own name is not listed`);
  check(due?.annotations?.readOnlyHint === true && due?.annotations?.destructiveHint === undefined, `${transportName}: reminders_due is read-only`);
  check(send?.annotations?.readOnlyHint === false && send?.annotations?.destructiveHint === true, `${transportName}: reminders_send is destructive`);
  check(due?.inputSchema?.properties?.action === undefined && send?.inputSchema?.required?.[0] === "id", `${transportName}: flat tools take no action argument`);
  check(JSON.stringify(due?.inputSchema?.properties?._select?.items?.enum?.slice(0, 2)) === '["amount_cents","client"]', `${transportName}: reminders_due's _select`);
  for (const c of cases) {
    let result;
    try {
      result = await client.callTool({ name: c.tool, arguments: c.arguments });
    } catch (error) {
      check(false, `${transportName}: ${c.name}: the call threw ${error}`);
      continue;
    }
    if (c.name === "empty collection") {
      // No table of headers alone, no chart: the summary's declared `empty` text instead.
      const texts = wire(result).content;
      check(texts[0] === "[]" && !texts.some((t) => t.includes("| --- |") || t.includes("echarts")), `${transportName}: empty collection shows no empty table or chart`);
      check(texts.some((t) => t.includes("No invoice matches.")), `${transportName}: empty collection shows its declared text`);
    }
    if (c.name === "hooks of the binding with _select") {
      // The binding's hooks add their rule while `_select` cuts the data block.
      const texts = wire(result).content;
      check(Object.keys(JSON.parse(texts[0])).join(",") === "id,status", `${transportName}: _select cuts the data block under hooks`);
      check(texts.some((t) => /open invoices? in this store\./.test(t)), `${transportName}: the binding's hooks ran`);
    }
    const same = isDeepStrictEqual(wire(result), c.expected);
    check(same, `${transportName}: ${c.name}: the response differs from calls.json`);
    if (!same) console.error(JSON.stringify(wire(result)).slice(0, 2000));
  }
  let unknown;
  try {
    await client.callTool({ name: "nope", arguments: {} });
  } catch (error) {
    unknown = String(error);
  }
  check(unknown?.includes("Unknown tool: nope"), `${transportName}: unknown tool is a protocol error (${unknown})`);
  await client.close();
  console.log(`${transportName}: ${cases.length} calls and tools/list checked`);
}

async function startHttpServer() {
  const child = spawn(serverPath, ["http", "0"], { stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no listening line: ${seen}`)), 20000);
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      // Only a whole line: stderr may arrive cut anywhere, even inside the address.
      const match = /listening on (http:\/\/\S+)\n/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${seen}`)));
  });
  return { child, url };
}

await drive("stdio", new StdioClientTransport({ command: serverPath, args: ["stdio"] }));
const { child, url } = await startHttpServer();
try {
  await drive("streamable HTTP", new StreamableHTTPClientTransport(new URL(url)));
} finally {
  child.kill();
}
if (failures > 0) {
  console.error(`${failures} check(s) failed`);
  process.exit(1);
}
console.log("TypeScript SDK client: all checks passed");
