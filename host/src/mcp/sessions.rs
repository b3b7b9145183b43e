//! Sessions of 2025-11-25 clients, the revision whose server asks its client questions during a
//! call (elicitation) on the session the client opened with `initialize` (2026-07-28 has no
//! sessions and stays stateless). What the client declared is kept in the database, so any
//! replica, or this one after a restart or an idle spell, takes the session up again
//! (`Store`, rmcp's restore); each session belongs to the key that opened it, and a request
//! with another key's session id is answered as if the session did not exist (`bind`). An
//! answer the client posts may reach any replica: it is kept in the database and announced,
//! and the replica whose call waits for it takes it into its session (`Sessions::awaiting`).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rmcp::RoleServer;
use rmcp::model::ClientJsonRpcMessage;
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::session::local::{LocalSessionManager, SessionConfig};
use rmcp::transport::streamable_http_server::session::store::{SessionState, SessionStore, SessionStoreError};
use serde_json::Value;
use tokio::sync::broadcast::{self, error::RecvError};

use crate::auth::Caller;
use crate::error::Error;
use crate::http::AppState;
use crate::store::changes::Notice;
use crate::store::{Db, mcp_sessions};

/// The header that names a session.
const SESSION_ID: &str = "mcp-session-id";
/// How long a session unused is kept (its client initializes again after that, as the
/// revision says to on a 404).
pub const IDLE_MS: i64 = 24 * 60 * 60 * 1000;
/// How long a session's worker stays in memory unused; the database keeps it for longer.
const IN_MEMORY: Duration = Duration::from_secs(5 * 60);

/// How often a waiting call looks for its answer when no notice came (notices are hints).
const LOOK_AGAIN: Duration = Duration::from_secs(2);

/// The sessions this process holds in memory, and where their answers are kept.
#[derive(Clone)]
pub struct Sessions {
    manager: Arc<LocalSessionManager>,
    db: Db,
}

impl Sessions {
    pub fn new(db: &Db) -> Sessions {
        let mut config = SessionConfig::default();
        config.keep_alive = Some(IN_MEMORY);
        let mut manager = LocalSessionManager::default();
        manager.session_config = config;
        Sessions { manager: Arc::new(manager), db: db.clone() }
    }

    /// The session manager rmcp's service runs on.
    pub fn manager(&self) -> Arc<LocalSessionManager> {
        self.manager.clone()
    }

    /// Waits for `asked`, a request to the client of the session of call `context`, taking
    /// the answers posted on that session, on whichever replica, into this process's session.
    pub async fn awaiting<T>(&self, context: &RequestContext<RoleServer>, asked: impl Future<Output = T>) -> T {
        let parts = context.extensions.get::<axum::http::request::Parts>();
        let Some(session) = parts.and_then(|p| p.headers.get(SESSION_ID)).and_then(|v| v.to_str().ok()) else {
            return asked.await;
        };
        let topic = topic(session);
        let mut notices = self.db.changes().subscribe();
        tokio::pin!(asked);
        loop {
            self.take_answers(session).await;
            tokio::select! {
                answered = &mut asked => return answered,
                _ = tokio::time::timeout(LOOK_AGAIN, heard(&mut notices, &topic)) => {}
            }
        }
    }

    /// Hands the answers posted on `session` to this process's session, which routes each to
    /// the request it answers.
    async fn take_answers(&self, session: &str) {
        let answers = match mcp_sessions::take_answers(&self.db, session).await {
            Ok(answers) => answers,
            Err(e) => return tracing::warn!(error = %e, "answers on an MCP session could not be read"),
        };
        for answer in answers {
            let Ok(message) = serde_json::from_str::<ClientJsonRpcMessage>(&answer) else { continue };
            if let Err(e) = self.manager.accept_message(&session.into(), message).await {
                tracing::warn!(error = %e, "an answer on an MCP session could not be handed over");
            }
        }
    }
}

/// Waits for the notice `topic` (or one that says notices were lost).
async fn heard(notices: &mut broadcast::Receiver<Notice>, topic: &str) {
    loop {
        match notices.recv().await {
            Ok(Notice::Changed(id)) if *id == *topic => return,
            Ok(Notice::Resync) | Err(RecvError::Lagged(_)) => return,
            // No more notices: the periodic look is left.
            Err(RecvError::Closed) => std::future::pending().await,
            Ok(_) => {}
        }
    }
}

/// The change notice of answers posted on `session`.
fn topic(session: &str) -> String {
    format!("mcp:{session}")
}

/// The sessions as the database keeps them.
pub struct Store(pub Db);

#[async_trait::async_trait]
impl SessionStore for Store {
    async fn load(&self, session_id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        let Some(state) = mcp_sessions::load(&self.0, session_id).await? else { return Ok(None) };
        Ok(Some(serde_json::from_str(&state)?))
    }

    async fn store(&self, session_id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        Ok(mcp_sessions::save(&self.0, session_id, &serde_json::to_string(state)?).await?)
    }

    async fn delete(&self, session_id: &str) -> Result<(), SessionStoreError> {
        Ok(mcp_sessions::delete(&self.0, session_id).await?)
    }
}

/// Binds sessions to keys: a session handed out goes to the calling key, and a request that
/// names a session not the caller's (or one forgotten) is answered 404, as the revision answers
/// a session that ended; its client initializes again.
pub async fn bind(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(key) = request.extensions().get::<Caller>().map(|caller| caller.key_id) else {
        return next.run(request).await;
    };
    let named = request.headers().get(SESSION_ID).and_then(|v| v.to_str().ok()).map(str::to_owned);
    if let Some(id) = named {
        return match mcp_sessions::seen(&state.db, &id, key).await {
            Ok(true) if request.method() == Method::POST => posted(&state, &id, request, next).await,
            Ok(true) => next.run(request).await,
            Ok(false) => Error::NotFound { message: "No such MCP session for this key: initialize again.".into() }
                .into_response(),
            Err(e) => Error::internal(format!("mcp session: {e}")).into_response(),
        };
    }
    let response = next.run(request).await;
    let opened = response.headers().get(SESSION_ID).and_then(|v| v.to_str().ok());
    if let Some(id) = opened
        && let Err(e) = mcp_sessions::own(&state.db, id, key).await
    {
        // The client's next request finds the session unowned and initializes again.
        tracing::warn!(error = %e, "an MCP session could not be given its key");
    }
    response
}

/// A POST on session `id`: an answer to a question (a JSON-RPC response) is kept for the call
/// waiting on it, wherever that runs, and accepted (202); anything else goes on to rmcp.
async fn posted(state: &AppState, id: &str, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, state.settings.max_body_bytes).await else {
        return Error::PayloadTooLarge.into_response();
    };
    let message: Option<Value> = serde_json::from_slice(&bytes).ok();
    if !message.as_ref().is_some_and(is_answer) {
        return next.run(Request::from_parts(parts, Body::from(bytes))).await;
    }
    let text = String::from_utf8_lossy(&bytes);
    if let Err(e) = mcp_sessions::post_answer(&state.db, id, &text).await {
        return Error::internal(format!("mcp answer: {e}")).into_response();
    }
    state.db.announce(Notice::Changed(topic(id).into())).await;
    StatusCode::ACCEPTED.into_response()
}

/// Whether `message` is a JSON-RPC response (the client's answer to a request of ours).
fn is_answer(message: &Value) -> bool {
    message.get("method").is_none()
        && message.get("id").is_some()
        && (message.get("result").is_some() || message.get("error").is_some())
}

/// The store, shared.
pub fn store(db: &Db) -> Arc<dyn SessionStore> {
    Arc::new(Store(db.clone()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn only_a_response_is_an_answer() {
        assert!(super::is_answer(&json!({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept"}})));
        assert!(super::is_answer(&json!({"jsonrpc": "2.0", "id": "q1", "error": {"code": -1, "message": "no"}})));
        for other in [
            json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {}}),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            json!({"jsonrpc": "2.0", "result": {}}),
            json!([{"jsonrpc": "2.0", "id": 7, "result": {}}]),
        ] {
            assert!(!super::is_answer(&other), "{other}");
        }
    }
}
