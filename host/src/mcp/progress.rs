//! Progress of a job tool's call (`notifications/progress`): a client that sends a
//! `progressToken` and does not take a task has the call held open while its job moves, is sent
//! a notification as each stage begins (voice, pictures, encode…), and is answered what the
//! job's status tool answers once the job ends. The call is held at most [`FOLLOW_FOR`], under
//! the usual client's request timeout; past it, or for work waiting for its SOL deposit (the
//! caller must first read the quote), the call's own answer comes back as it would without a
//! token. The first notification turns rmcp's JSON answer into an SSE stream.

use std::time::{Duration, Instant};

use rmcp::RoleServer;
use rmcp::model::{CallToolResult, ProgressNotificationParam, ProgressToken};
use rmcp::service::RequestContext;

use super::stages::{TOTAL, job_of, progress_of};
use super::tools::{self, Spec};
use super::{Server, result};
use crate::jobs::MAX_WAIT;

/// The longest a call is held open following its job.
pub const FOLLOW_FOR: Duration = Duration::from_secs(50);

/// What a client listening for progress gave: its token, and where to send notifications.
pub struct Listener {
    token: ProgressToken,
    /// The call's context: its peer to notify, and whether the client has gone.
    call: RequestContext<RoleServer>,
}

impl Listener {
    /// The listener of a call, if its client sent a progress token.
    pub fn of(context: &RequestContext<RoleServer>) -> Option<Listener> {
        let token = context.meta.get_progress_token()?;
        Some(Listener { token, call: context.clone() })
    }

    async fn tell(&self, progress: f64, message: String) {
        let note = ProgressNotificationParam::new(self.token.clone(), progress).with_total(TOTAL).with_message(message);
        if let Err(e) = self.call.peer.notify_progress(note).await {
            tracing::debug!(error = %e, "a progress notification was not delivered");
        }
    }
}

impl Server {
    /// Follows the job a call of `spec` answered (`done`), telling `listener` as it moves; the
    /// status tool's answer once it ends, else `done`.
    pub(super) async fn follow(
        &self,
        spec: &'static Spec,
        parts: &axum::http::request::Parts,
        done: CallToolResult,
        listener: Listener,
    ) -> CallToolResult {
        let job_id = done.structured_content.as_ref().and_then(|v| job_of(v)["jobId"].as_str()).map(str::to_string);
        let (Some(job_id), false, Some(caller)) =
            (job_id, done.is_error == Some(true), parts.extensions.get::<crate::auth::Caller>())
        else {
            return done;
        };
        let Ok(service) = self.service_of_job(spec, caller.key_id, &job_id).await else { return done };
        let Some(status_tool) = tools::of_service(&service).1 else { return done };
        let until = Instant::now() + FOLLOW_FOR;
        let mut told = -1.0;
        loop {
            let wait = until.saturating_duration_since(Instant::now()).min(MAX_WAIT);
            let request_id = crate::http::observe::mint_request_id();
            let read = tokio::select! {
                read = self.read_job(status_tool, parts.clone(), &job_id, wait, &request_id) => read,
                () = listener.call.ct.cancelled() => return done,
            };
            let Ok(view) = read.outcome.as_ref().cloned() else { return done };
            let (progress, message) = progress_of(&view);
            if job_of(&view)["status"].as_str().is_some_and(|s| s.eq_ignore_ascii_case("awaiting_payment")) {
                return done;
            }
            // Progress only grows: a retried attempt starts its stages again unannounced.
            if progress > told {
                listener.tell(progress, message).await;
                told = progress;
            }
            if progress >= TOTAL {
                return result(status_tool, read, request_id);
            }
            if Instant::now() >= until {
                return done;
            }
        }
    }
}
