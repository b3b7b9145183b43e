//! The access policy of every route: whether it is public, needs a key or needs the operator
//! role, and which rate group it counts against. This table is the one source for the gate
//! that enforces it, for the services menu and for the OpenAPI description.
//!
//! Routes of the spec that this build does not serve yet are listed too, so the grouping is
//! documented in one place; a route that exists but is missing here needs a key and counts
//! against the `account` group (deny by default).

use axum::http::Method;

use crate::limits::Group;

/// Who may call a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// No key needed; limited per client address.
    Public,
    /// Any valid key.
    Key,
    /// A key with the operator role.
    Operator,
    /// An operator or brand-admin key (the operation checks the scope).
    Admin,
}

/// One route's policy. `group: None` exempts infrastructure probes from limiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoutePolicy {
    pub method: &'static str,
    pub path: &'static str,
    pub access: Access,
    pub group: Option<Group>,
}

const fn route(method: &'static str, path: &'static str, access: Access, group: Group) -> RoutePolicy {
    RoutePolicy { method, path, access, group: Some(group) }
}

const fn probe(path: &'static str) -> RoutePolicy {
    RoutePolicy { method: "GET", path, access: Access::Public, group: None }
}

use Access::{Admin, Key, Public};
use Group::{Check, Create, Pricing, Status};

pub const ROUTES: &[RoutePolicy] = &[
    // Public catalog and documentation.
    route("GET", "/api/agent/services", Public, Group::Public),
    route("GET", "/api/agent/credits/packs", Public, Group::Public),
    route("GET", "/api/agent/legacy/kinds", Public, Group::Public),
    route("GET", "/api/agent/openapi.json", Public, Group::Public),
    // Prices.
    route("GET", "/api/agent/asset/pricing", Key, Pricing),
    // Creating paid work.
    route("POST", "/api/agent/before", Key, Create),
    route("POST", "/api/agent/audioscript", Key, Create),
    route("POST", "/api/agent/mp4", Key, Create),
    route("POST", "/api/agent/brands/memes", Key, Create),
    route("POST", "/api/agent/legacy/memes", Key, Create),
    route("POST", "/api/agent/invite-bot", Key, Create),
    route("POST", "/api/agent/amazon/pack", Key, Create),
    route("POST", "/api/agent/asset/jobs", Key, Create),
    route("POST", "/api/agent/content", Key, Create),
    route("POST", "/api/agent/generate", Key, Create),
    route("POST", "/api/agent/request", Key, Create),
    // Reading state.
    route("GET", "/api/agent/me", Key, Status),
    route("GET", "/api/agent/brands", Key, Status),
    route("GET", "/api/agent/listings", Key, Status),
    route("GET", "/api/agent/audioscript/{jobId}", Key, Status),
    route("GET", "/api/agent/mp4/{jobId}", Key, Status),
    route("GET", "/api/agent/asset/jobs/{id}", Key, Status),
    // Payment checks against the chain.
    route("POST", "/api/agent/asset/jobs/{id}/check", Key, Check),
    // Plugin administration (operators are never rate limited; brand admins count here).
    route("GET", "/api/admin/plugins", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/versions", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/activate", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/rollback", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/disable", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/limits", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/generate", Admin, Group::Account),
    route("GET", "/api/admin/audit", Admin, Group::Account),
    route("POST", "/api/admin/brands", Admin, Group::Account),
    route("PATCH", "/api/admin/brands/{key}", Admin, Group::Account),
    route("POST", "/api/admin/brands/{key}/meme-mode", Admin, Group::Account),
    // Public pages and feeds.
    route("GET", "/memes/{id}", Public, Group::Public),
    route("GET", "/memes/{id}/{picture}", Public, Group::Public),
    route("GET", "/m/{id}", Public, Group::Public),
    route("GET", "/m/{id}/{part}", Public, Group::Public),
    route("GET", "/v/{id}", Public, Group::Public),
    route("GET", "/v/{id}/video.mp4", Public, Group::Public),
    route("GET", "/api/legacy/recent", Public, Group::Public),
    route("GET", "/api/legacy/leaderboard", Public, Group::Public),
    route("GET", "/api/brands/{key}/recent", Public, Group::Public),
    route("GET", "/api/brands/{key}/leaderboard", Public, Group::Public),
    route("GET", "/api/legacy/featured", Public, Group::Public),
    route("GET", "/api/brands/{key}/featured", Public, Group::Public),
    route("GET", "/api/legacy/contest", Public, Group::Public),
    route("POST", "/api/admin/featured", Admin, Group::Account),
    route("POST", "/api/admin/contests", Admin, Group::Account),
    // Infrastructure probes: never limited, never keyed.
    probe("/healthz"),
    probe("/readyz"),
    probe("/metrics"),
];

/// Policy for unmatched paths (404s, 405s): public, limited per address.
const UNMATCHED: RoutePolicy = route("*", "", Access::Public, Group::Public);
/// Policy for a route that exists but is not in the table.
const UNLISTED: RoutePolicy = route("*", "", Access::Key, Group::Account);

/// The policy of `method` on the route template `path` (`None` when no route matched).
pub fn lookup(method: &Method, path: Option<&str>) -> RoutePolicy {
    let Some(path) = path else { return UNMATCHED };
    find(method.as_str(), path).unwrap_or(if ROUTES.iter().any(|r| r.path == path) { UNMATCHED } else { UNLISTED })
}

/// The policy of a route by method name and template, for documentation.
pub fn find(method: &str, path: &str) -> Option<RoutePolicy> {
    ROUTES.iter().find(|r| r.path == path && r.method.eq_ignore_ascii_case(method)).copied()
}
