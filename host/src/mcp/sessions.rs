//! Sessions of 2025-11-25 clients, the revision whose server asks its client questions during a
//! call (elicitation) on the session the client opened with `initialize` (2026-07-28 has no
//! sessions and stays stateless). What the client declared is kept in the database, so any
//! replica, or this one after a restart or an idle spell, takes the session up again
//! (`Store`, rmcp's restore); each session belongs to the key that opened it, and a request
//! with another key's session id is answered as if the session did not exist (`bind`).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::local::{LocalSessionManager, SessionConfig};
use rmcp::transport::streamable_http_server::session::store::{SessionState, SessionStore, SessionStoreError};

use crate::auth::Caller;
use crate::error::Error;
use crate::http::AppState;
use crate::store::{Db, mcp_sessions};

/// The header that names a session.
const SESSION_ID: &str = "mcp-session-id";
/// How long a session unused is kept (its client initializes again after that, as the
/// revision says to on a 404).
pub const IDLE_MS: i64 = 24 * 60 * 60 * 1000;
/// How long a session's worker stays in memory unused; the database keeps it for longer.
const IN_MEMORY: Duration = Duration::from_secs(5 * 60);

/// The sessions this process holds in memory.
pub fn manager() -> LocalSessionManager {
    let mut config = SessionConfig::default();
    config.keep_alive = Some(IN_MEMORY);
    let mut manager = LocalSessionManager::default();
    manager.session_config = config;
    manager
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

/// The store, shared.
pub fn store(db: &Db) -> Arc<dyn SessionStore> {
    Arc::new(Store(db.clone()))
}
