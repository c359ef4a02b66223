//! A plain `tools/call` over stdio answered in one write ([`LineTransport::with_direct_calls`]),
//! as the HTTP transport does: the line is read once into the call, the call runs through the
//! server's steps in a task of its own, and its answer line is written by
//! [`crate::jsonrpc::write_tool_result`].
//!
//! Only once the session is set up the way that answer assumes: rmcp answered `initialize` with
//! a protocol version before 2026-07-28 (no `resultType`, object-only `structuredContent`) and
//! the client sent `notifications/initialized`. Before that, and for anything but a plain call
//! of a tool the server has, the line goes to rmcp. A `notifications/cancelled` naming a call
//! answered here drops that call's future, as rmcp drops its own.
//!
//! [`LineTransport::with_direct_calls`]: super::LineTransport::with_direct_calls

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::RoleServer;
use rmcp::model::{
    ClientNotification, Extensions, JsonRpcMessage, NumberOrString, ProtocolVersion, ServerResult,
};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::task::AbortHandle;

use crate::jsonrpc::{PlainToolCall, RequestId, write_tool_result};
use crate::rmcp::FusionServer;

/// The calls answered here and still running, by id; the number tells a call from a later one
/// that reuses its id.
type Running = Arc<Mutex<HashMap<RequestId, (u64, AbortHandle)>>>;

pub(super) struct Direct {
    server: FusionServer,
    /// rmcp answered `initialize` with a version whose results have the form written here.
    legacy_version: bool,
    /// The client sent `notifications/initialized`.
    initialized: bool,
    running: Running,
    started: u64,
}

impl Direct {
    pub(super) fn new(server: FusionServer) -> Self {
        Self {
            server,
            legacy_version: false,
            initialized: false,
            running: Arc::default(),
            started: 0,
        }
    }

    /// Starts the call `line` holds when it is one to answer here; `false` leaves the line to
    /// rmcp.
    pub(super) fn start<W>(&mut self, line: &[u8], writer: &Arc<tokio::sync::Mutex<W>>) -> bool
    where
        W: AsyncWrite + Unpin + Send + 'static,
    {
        if !(self.legacy_version && self.initialized) {
            return false;
        }
        let Some(call) = PlainToolCall::parse(line) else {
            return false;
        };
        if self.server.find(&call.name).is_none() {
            return false;
        }
        self.started += 1;
        let number = self.started;
        let id = call.id.clone();
        let key = call.id.clone();
        let server = self.server.clone();
        let writer = Arc::clone(writer);
        let running = Arc::clone(&self.running);
        // Held across the spawn: the task removes its entry only after it is in.
        let mut calls = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        let task = tokio::spawn(async move {
            let answer = answer(&server, call).await;
            {
                let mut calls = running.lock().unwrap_or_else(PoisonError::into_inner);
                if calls
                    .get(&id)
                    .is_some_and(|(started, _)| *started == number)
                {
                    calls.remove(&id);
                }
            }
            if let Some(mut bytes) = answer {
                bytes.push(b'\n');
                let mut writer = writer.lock().await;
                // A client that closed its input gets no answer: nothing more to do.
                if writer.write_all(&bytes).await.is_ok() {
                    let _ = writer.flush().await;
                }
            }
        });
        calls.insert(key, (number, task.abort_handle()));
        true
    }

    /// Notes what the session says of itself: the client's `initialized`, its cancellations.
    pub(super) fn received(&mut self, message: &RxJsonRpcMessage<RoleServer>) {
        let JsonRpcMessage::Notification(notification) = message else {
            return;
        };
        match &notification.notification {
            ClientNotification::InitializedNotification(_) => self.initialized = true,
            ClientNotification::CancelledNotification(cancelled) => {
                let Some(id) = cancelled.params.request_id.as_ref().map(request_id) else {
                    return;
                };
                let mut calls = self.running.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some((_, task)) = calls.remove(&id) {
                    task.abort();
                }
            }
            _ => {}
        }
    }

    /// Notes the protocol version rmcp's `initialize` result names.
    pub(super) fn sent(&mut self, message: &TxJsonRpcMessage<RoleServer>) {
        if let JsonRpcMessage::Response(response) = message
            && let ServerResult::InitializeResult(result) = &response.result
        {
            self.legacy_version =
                result.protocol_version.as_str() < ProtocolVersion::STANDARD_HEADERS.as_str();
        }
    }

    /// Drops every call still running: the transport is closing.
    pub(super) fn close(&mut self) {
        let mut calls = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        for (_, (_, task)) in calls.drain() {
            task.abort();
        }
    }
}

/// The call's answer line, without its line feed; `None` if the tool went away (it cannot: a
/// server's tools are fixed once it serves).
async fn answer(server: &FusionServer, call: PlainToolCall) -> Option<Vec<u8>> {
    let served = server.find(&call.name)?;
    let response = server
        .respond_to(served, call.arguments, &Extensions::new())
        .await;
    let mut bytes = Vec::new();
    write_tool_result(&mut bytes, &call.id, &response);
    Some(bytes)
}

fn request_id(id: &NumberOrString) -> RequestId {
    match id {
        NumberOrString::Number(number) => RequestId::Number(*number),
        NumberOrString::String(text) => RequestId::String(text.to_string()),
    }
}
