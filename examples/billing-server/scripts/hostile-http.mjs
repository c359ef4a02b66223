// The HTTP findings of issue 26, measured against a running billing-server binary (node only,
// no packages): half-open connections under `ulimit -n 1024` while a client calls, peak memory
// of concurrent 2.7 MB requests, a foreign Origin, an oversize body, an unparsable body and a
// bogus MCP-Protocol-Version header. Prints one line per finding.
//
// usage: node hostile-http.mjs <path to billing-server> [half-open count] [big request count]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";

const [server, halfOpenArg, bigArg] = process.argv.slice(2);
if (!server) {
  console.error("usage: node hostile-http.mjs <billing-server> [half-open] [big]");
  process.exit(2);
}
const HALF_OPEN = Number(halfOpenArg ?? 1100);
const BIG = Number(bigArg ?? 100);

async function start() {
  // The common descriptor limit of a user session, which the findings were reproduced with.
  const child = spawn("sh", ["-c", `ulimit -n 1024; exec "$0" http 0`, server], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no listening line: ${seen}`)), 20000);
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      const match = seen.match(/listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp\n/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { child, port };
}

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))[1]) / 1024;
  return { peak: field("VmHWM"), now: field("VmRSS") };
}

/** One raw HTTP/1.1 exchange on its own connection: status, body, milliseconds. */
function exchange(port, body, headers = {}, timeoutMs = 10000) {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    const payload = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const head = Object.entries({
      Host: "127.0.0.1",
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "Content-Length": String(payload.length),
      Connection: "close",
      ...headers,
    }).map(([name, value]) => `${name}: ${value}\r\n`).join("");
    let seen = Buffer.alloc(0);
    const done = (status, text) => {
      socket.destroy();
      resolve({ status, body: text, ms: Date.now() - started });
    };
    const timer = setTimeout(() => done("timeout", ""), timeoutMs);
    socket.on("error", (error) => {
      clearTimeout(timer);
      // A server that refuses a body closes while it is still being sent: its status may be in.
      const text = seen.toString("latin1");
      done(text.startsWith("HTTP/1.1 ") ? `${text.slice(9, 12)} (then ${error.code})` : `error ${error.code}`, "");
    });
    socket.on("data", (chunk) => { seen = Buffer.concat([seen, chunk]); });
    socket.on("end", () => {
      clearTimeout(timer);
      const text = seen.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      done(end < 0 ? `closed (${seen.length} B)` : Number(text.slice(9, 12)), end < 0 ? "" : text.slice(end + 4));
    });
    socket.on("connect", () => {
      socket.write(`POST /mcp HTTP/1.1\r\n${head}\r\n`);
      socket.write(payload);
    });
  });
}

const LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"billing","arguments":{"action":"list","limit":5}}}';
const call = (id) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "billing", arguments: { action: "get", id } } });

async function halfOpen(port) {
  const sockets = [];
  await Promise.all(Array.from({ length: HALF_OPEN }, () => new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      resolve();
    });
    socket.on("error", () => resolve());
    setTimeout(resolve, 3000);
    sockets.push(socket);
  })));
  const results = [];
  for (let i = 0; i < 5; i += 1) results.push(await exchange(port, LIST, {}, 5000));
  const open = sockets.filter((socket) => !socket.destroyed && socket.readyState === "open").length;
  for (const socket of sockets) socket.destroy();
  const served = results.filter((result) => result.status === 200).length;
  const ms = results.map((result) => result.ms).join("/");
  return `${HALF_OPEN} half-open connections: ${served}/5 calls answered 200 (ms: ${ms}); ${open} half-open still open after the calls`;
}

async function big(port, pid) {
  // 2.7 MB of small JSON values: what a parsed request costs most memory for.
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "billing", arguments: { action: "get", id: "INV-000001", pad: Array(245_000).fill(1234567890) } } });
  const before = memory(pid).now;
  const results = await Promise.all(Array.from({ length: BIG }, () => exchange(port, body, {}, 60000)));
  const statuses = {};
  for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = memory(pid);
  return `${BIG} concurrent ${(body.length / 1e6).toFixed(1)} MB requests: statuses ${JSON.stringify(statuses)}; RSS before ${before.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB, 2 s after ${after.now.toFixed(0)} MB`;
}

async function small(port) {
  const lines = [];
  const evil = await exchange(port, LIST, { Origin: "http://evil.example" });
  lines.push(`Origin http://evil.example: ${evil.status}`);
  const local = await exchange(port, LIST, { Origin: "http://localhost:5173" });
  lines.push(`Origin http://localhost:5173: ${local.status}`);
  const oversize = await exchange(port, call("I".repeat(5_000_000)), {}, 30000);
  lines.push(`5 MB body: ${oversize.status}`);
  for (const [name, body] of [["invalid JSON", "{"], ["nesting 200", "[".repeat(200) + "]".repeat(200)], ["lone surrogate", '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\\ud800"}}']]) {
    const reply = await exchange(port, body);
    lines.push(`${name}: ${reply.status} ${reply.body.slice(0, 90).replace(/\s+/g, " ")}`);
  }
  const bogus = await exchange(port, LIST, { "MCP-Protocol-Version": "x".repeat(60000) });
  lines.push(`60,000-byte MCP-Protocol-Version: ${bogus.status}, body ${bogus.body.length} bytes`);
  return lines.join("\n");
}

const { child, port } = await start();
try {
  console.log(await small(port));
  console.log(await big(port, child.pid));
  console.log(await halfOpen(port));
} finally {
  child.kill("SIGTERM");
}
