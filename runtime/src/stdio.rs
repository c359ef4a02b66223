//! Newline-delimited JSON-RPC over a byte stream (stdin/stdout for a server a desktop client
//! launches), answering what it cannot read (feature `stdio`).
//!
//! rmcp's own stdio transport drops a line it cannot parse without a reply (a line over its
//! 16 MiB cap, nesting past serde_json's 128 levels, a lone surrogate), so the client waits its
//! whole timeout for an answer that never comes. [`LineTransport`] reads the same lines with a
//! cap and answers each unreadable one as JSON-RPC 2.0 says: a parse error (`-32700`, id `null`)
//! for invalid JSON or an overlong line, an Invalid Request (`-32600`, with the request's id when
//! it has a short one) for JSON that is not a request. Notifications and responses that cannot
//! be read get no reply, as JSON-RPC forbids one (and answering a response could start an echo
//! loop with a peer that answers errors with errors).

use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::Mutex;

use crate::rejection::{self, Rejection};
use crate::rmcp::FusionServer;

mod direct;

/// The default cap on one incoming line: 16 MiB, rmcp's own stdio cap.
pub const DEFAULT_MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// A server transport over stdin and stdout, lines capped at [`DEFAULT_MAX_LINE_BYTES`].
///
/// ```no_run
/// # async fn run(server: fusion_runtime::rmcp::FusionServer) -> Result<(), Box<dyn std::error::Error>> {
/// use rmcp::ServiceExt;
/// server.serve(fusion_runtime::stdio::stdio()).await?.waiting().await?;
/// # Ok(())
/// # }
/// ```
pub fn stdio() -> LineTransport<tokio::io::Stdin, tokio::io::Stdout> {
    LineTransport::new(tokio::io::stdin(), tokio::io::stdout())
}

/// An rmcp server [`Transport`] reading one JSON-RPC message per line from `R` and writing one
/// per line to `W`; see the [module documentation](self) for what it answers to unreadable lines.
pub struct LineTransport<R, W> {
    reader: BufReader<R>,
    line: Vec<u8>,
    max_line_bytes: usize,
    /// Set while the rest of an overlong line is skipped. Kept here rather than in a local
    /// because rmcp polls `receive` inside a `select!` and may drop it between two reads.
    skipping: bool,
    writer: Arc<Mutex<W>>,
    /// Plain calls answered in one write, when [`LineTransport::with_direct_calls`] set it.
    direct: Option<direct::Direct>,
}

impl<R, W> std::fmt::Debug for LineTransport<R, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineTransport")
            .field("max_line_bytes", &self.max_line_bytes)
            .finish_non_exhaustive()
    }
}

enum Line {
    Whole,
    TooLong,
    End,
}

impl<R, W> LineTransport<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    /// Reads from `reader` and writes to `writer`, lines capped at [`DEFAULT_MAX_LINE_BYTES`].
    pub fn new(reader: R, writer: W) -> Self {
        Self {
            reader: BufReader::new(reader),
            line: Vec::new(),
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
            skipping: false,
            writer: Arc::new(Mutex::new(writer)),
            direct: None,
        }
    }

    /// Caps one incoming line (its bytes before the line feed) at `bytes`; a longer line is
    /// skipped without being held in memory and answered with a parse error.
    #[must_use]
    pub fn with_max_line_bytes(mut self, bytes: usize) -> Self {
        self.max_line_bytes = bytes;
        self
    }

    /// Appends to `self.line` through `fill_buf`/`consume` so that the cap holds before the
    /// bytes are copied, and a dropped call leaves the partial line for the next one.
    /// Answers a plain `tools/call` of a tool `server` has in one write, without rmcp's message
    /// model, once the session is set up for the answer's form (rmcp answered `initialize`
    /// with a protocol before 2026-07-28 and the client sent `notifications/initialized`): the
    /// call runs through the same [`FusionServer`] steps and its line is written by
    /// [`crate::jsonrpc::write_tool_result`], the bytes rmcp would send. Anything else, and a
    /// call with `_meta` (a progress token), goes to rmcp. `server` is the server this
    /// transport serves.
    #[must_use]
    pub fn with_direct_calls(mut self, server: FusionServer) -> Self {
        self.direct = Some(direct::Direct::new(server));
        self
    }

    async fn read_line(&mut self) -> std::io::Result<Line> {
        loop {
            let available = self.reader.fill_buf().await?;
            if available.is_empty() {
                return Ok(Line::End);
            }
            let newline = available.iter().position(|&byte| byte == b'\n');
            let take = newline.map_or(available.len(), |at| at + 1);
            let content = newline.unwrap_or(take);
            let mut outcome = None;
            if self.skipping {
                if newline.is_some() {
                    self.skipping = false;
                }
            } else if self.line.len() + content > self.max_line_bytes {
                self.line.clear();
                self.skipping = newline.is_none();
                outcome = Some(Line::TooLong);
            } else {
                self.line.extend_from_slice(&available[..take]);
                if newline.is_some() {
                    outcome = Some(Line::Whole);
                }
            }
            self.reader.consume(take);
            if let Some(outcome) = outcome {
                return Ok(outcome);
            }
        }
    }

    /// Sends `rejection` from a task of its own: `receive` may be dropped at any await, and a
    /// reply cut there would corrupt the stream for every later message.
    fn answer(&self, rejection: &Rejection) {
        if !rejection.answerable {
            return;
        }
        let writer = Arc::clone(&self.writer);
        let mut bytes = rejection.reply.clone().into_bytes();
        bytes.push(b'\n');
        tokio::spawn(async move {
            let mut writer = writer.lock().await;
            // A failed write is the client gone; the next receive sees the end of input.
            let _ = writer.write_all(&bytes).await;
            let _ = writer.flush().await;
        });
    }
}

/// The line without its line feed, a carriage return before it, or a leading byte order mark.
fn content(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line)
}

impl<R, W> Transport<RoleServer> for LineTransport<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let Some(direct) = &mut self.direct {
            direct.sent(&item);
        }
        let writer = Arc::clone(&self.writer);
        async move {
            let mut bytes = serde_json::to_vec(&item)?;
            bytes.push(b'\n');
            let mut writer = writer.lock().await;
            writer.write_all(&bytes).await?;
            writer.flush().await
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            match self.read_line().await {
                Ok(Line::Whole) => {}
                Ok(Line::TooLong) => {
                    self.answer(&rejection::too_long(self.max_line_bytes));
                    continue;
                }
                Ok(Line::End) | Err(_) => return None,
            }
            let line = std::mem::take(&mut self.line);
            let message = content(&line);
            if let Some(direct) = &mut self.direct
                && direct.start(message, &self.writer)
            {
                self.line = reuse(line);
                continue;
            }
            if !message.is_empty() {
                match serde_json::from_slice(message) {
                    Ok(message) => {
                        self.line = reuse(line);
                        if let Some(direct) = &mut self.direct {
                            direct.received(&message);
                        }
                        return Some(message);
                    }
                    Err(error) => self.answer(&rejection::reject(message, &error)),
                }
            }
            self.line = reuse(line);
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        if let Some(direct) = &mut self.direct {
            direct.close();
        }
        self.writer.lock().await.shutdown().await
    }
}

/// The buffer emptied for the next line; its capacity is kept unless an unusually long line
/// grew it, so that one big message does not pin its size for the life of the connection.
fn reuse(mut line: Vec<u8>) -> Vec<u8> {
    line.clear();
    if line.capacity() > 1 << 20 {
        line.shrink_to(1 << 16);
    }
    line
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod direct_tests;
