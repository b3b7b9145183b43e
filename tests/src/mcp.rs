//! An MCP client for the tests: the official Python SDK (`mcp/client.py`) driven one command at
//! a time over its stdin and stdout, and a round-robin TCP balancer to put replicas behind.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};

/// How the client connects.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// `legacy` (the 2025-11-25 handshake) or a modern revision (`2026-07-28`).
    pub mode: &'a str,
    /// Send the key as `Authorization: Bearer` instead of `x-api-key`.
    pub bearer: bool,
    /// A new connection per request.
    pub fresh_connections: bool,
    /// Declare the tasks extension on every request (`call` then follows a task to its result).
    pub tasks: bool,
    /// Declare elicitation and answer every question with this JSON object (or `decline`).
    pub answer: Option<&'a str>,
}

/// A connected (or refused) client; killed when dropped.
pub struct McpClient {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The first line: `{"connected": true, "protocolVersion"}` or `{"connected": false, "error"}`.
    pub hello: Value,
}

impl McpClient {
    pub fn connect(url: &str, key: &str, options: Options<'_>) -> McpClient {
        let python = std::env::var("ASSET_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
        let script = format!("{}/mcp/client.py", env!("CARGO_MANIFEST_DIR"));
        let mut command = Command::new(python);
        command.args([
            script.as_str(),
            url,
            key,
            "--mode",
            if options.mode.is_empty() { "legacy" } else { options.mode },
        ]);
        if options.bearer {
            command.arg("--bearer");
        }
        if options.fresh_connections {
            command.arg("--fresh-connections");
        }
        if options.tasks {
            command.arg("--tasks");
        }
        if let Some(answer) = options.answer {
            command.args(["--answer", answer]);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the MCP client starts (ASSET_TEST_PYTHON with the mcp package)");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let hello = read_line(&mut stdout);
        McpClient { child, stdin, stdout, hello }
    }

    fn ask(&mut self, command: Value) -> Value {
        writeln!(self.stdin, "{command}").expect("the client reads");
        self.stdin.flush().expect("flushed");
        read_line(&mut self.stdout)
    }

    /// `tools/list`: the tools as the SDK parsed them.
    pub fn tools(&mut self) -> Vec<Value> {
        let listed = self.ask(json!({"op": "list"}));
        listed["tools"].as_array().unwrap_or_else(|| panic!("tools/list: {listed}")).clone()
    }

    /// `tools/call`: the result as the SDK returned it (`structuredContent`, `isError`, `_meta`).
    pub fn call(&mut self, name: &str, arguments: Value) -> Value {
        self.ask(json!({"op": "call", "name": name, "arguments": arguments}))
    }

    /// `tools/call` with a progress callback: `{"result", "progress": [{progress, total,
    /// message}…]}`, the notifications the SDK handed the callback, in order.
    pub fn call_with_progress(&mut self, name: &str, arguments: Value) -> Value {
        self.ask(json!({"op": "call_progress", "name": name, "arguments": arguments}))
    }

    /// `tools/call` as answered, a task not followed: the tool result or the task it became.
    pub fn call_raw(&mut self, name: &str, arguments: Value, meta: Value) -> Value {
        self.ask(json!({"op": "call_raw", "name": name, "arguments": arguments, "meta": meta}))
    }

    /// The server's capabilities, as it declared them.
    pub fn capabilities(&mut self) -> Value {
        self.ask(json!({"op": "capabilities"}))
    }

    /// `tasks/get`: the task as the server answered it.
    pub fn task_get(&mut self, task_id: &str) -> Value {
        self.ask(json!({"op": "task_get", "taskId": task_id}))
    }

    /// `tasks/cancel`: the acknowledgement (or the error) as answered.
    pub fn task_cancel(&mut self, task_id: &str) -> Value {
        self.ask(json!({"op": "task_cancel", "taskId": task_id}))
    }

    /// Any other request the client makes (`resources`, `templates`, `read`, `prompts`, `prompt`,
    /// `complete`; see `mcp/client.py`): its result as answered, or `{"exception", "code"}`.
    pub fn request(&mut self, op: &str, mut fields: Value) -> Value {
        fields["op"] = json!(op);
        self.ask(fields)
    }

    /// `tools/call` with request `_meta`.
    pub fn call_with_meta(&mut self, name: &str, arguments: Value, meta: Value) -> Value {
        self.ask(json!({"op": "call", "name": name, "arguments": arguments, "meta": meta}))
    }
}

fn read_line(stdout: &mut BufReader<ChildStdout>) -> Value {
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the client answers");
    serde_json::from_str(&line).unwrap_or_else(|_| panic!("the MCP client printed {line:?}"))
}

impl Drop for McpClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A TCP balancer on loopback sending each new connection to the next of `backends` in turn
/// (no stickiness); answers its address `host:port`.
pub fn round_robin(backends: Vec<String>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let address = listener.local_addr().expect("address").to_string();
    let next = Arc::new(AtomicUsize::new(0));
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            let backend = &backends[next.fetch_add(1, Ordering::SeqCst) % backends.len()];
            let Ok(server) = TcpStream::connect(backend) else { continue };
            let (Ok(client_read), Ok(server_write)) = (client.try_clone(), server.try_clone()) else { continue };
            std::thread::spawn(move || pipe(client_read, server_write));
            std::thread::spawn(move || pipe(server, client));
        }
    });
    address
}

fn pipe(mut from: TcpStream, mut to: TcpStream) {
    let _ = std::io::copy(&mut from, &mut to);
    let _ = to.shutdown(std::net::Shutdown::Write);
}
