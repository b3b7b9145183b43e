//! The access policy of every route: whether it is public, needs a key or needs the operator
//! role, which operation it calls and which rate group it counts against. A catalog service's
//! route is not written here: its row is derived from the service's declaration (keyed, its rate
//! group, `Idempotency-Key` records keyed by its id), so every front end limits it alike. This
//! table is the one source for the gate that enforces it and for the OpenAPI description.
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
    /// A key, or the job token a keyless caller's job was created with (`x-job-token` or
    /// `?token=`); the operation checks the token.
    KeyOrJobToken,
}

/// One route's policy. No group (and no operation) exempts infrastructure probes from limiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoutePolicy {
    pub method: &'static str,
    pub path: &'static str,
    pub access: Access,
    group: Option<Group>,
    /// The catalog operation (service id) the route calls, if any.
    pub operation: Option<&'static str>,
    /// A body limit of the route's own, above the configured default (component uploads).
    pub max_body: Option<usize>,
    /// Paid in money over x402 though it calls no catalog operation (credit packs).
    money: bool,
}

impl RoutePolicy {
    /// The rate group: the operation's, from the catalog, else the route's own.
    pub fn group(&self) -> Option<Group> {
        match self.operation {
            Some(id) => crate::catalog::service(id).map(|s| s.group).or(self.group),
            None => self.group,
        }
    }

    /// Whether the route can be paid per call in USDC over x402 (when x402 is on).
    pub fn takes_x402(&self) -> bool {
        self.money || self.keyless_x402()
    }

    /// Whether a call without a key may pay for itself over x402: a priced, available service.
    pub fn keyless_x402(&self) -> bool {
        self.operation.and_then(crate::catalog::service).is_some_and(|s| {
            s.x402 && s.usd_cents.is_some() && s.availability == crate::catalog::Availability::Available
        })
    }
}

const fn route(method: &'static str, path: &'static str, access: Access, group: Group) -> RoutePolicy {
    RoutePolicy { method, path, access, group: Some(group), operation: None, max_body: None, money: false }
}

/// A keyed route that calls catalog operation `id`; its group comes from the catalog.
const fn op(method: &'static str, path: &'static str, id: &'static str) -> RoutePolicy {
    RoutePolicy {
        method,
        path,
        access: Access::Key,
        group: Some(Group::Account),
        operation: Some(id),
        max_body: None,
        money: false,
    }
}

const fn probe(path: &'static str) -> RoutePolicy {
    RoutePolicy {
        method: "GET",
        path,
        access: Access::Public,
        group: None,
        operation: None,
        max_body: None,
        money: false,
    }
}

impl RoutePolicy {
    /// The route with a body limit of its own.
    const fn body_limit(self, bytes: usize) -> RoutePolicy {
        RoutePolicy { max_body: Some(bytes), ..self }
    }

    /// The route paid in money over x402 (it takes no credits).
    const fn money(self) -> RoutePolicy {
        RoutePolicy { money: true, ..self }
    }

    /// The route without a rate group (callers we must never turn away, like Stripe's events).
    const fn unlimited(self) -> RoutePolicy {
        RoutePolicy { group: None, ..self }
    }
}

use Access::{Admin, Key, KeyOrJobToken, Public};
use Group::{Check, Create, Pricing, Status};

pub const ROUTES: &[RoutePolicy] = &[
    // Public catalog and documentation.
    route("GET", "/api/agent/services", Public, Group::Public),
    route("GET", "/api/agent/credits/packs", Public, Group::Public),
    // Buying credits: in USDC over x402, or by card through Stripe (whose events are signed).
    route("POST", "/api/agent/credits/packs/{pack}/buy", Key, Create).money(),
    route("POST", "/api/billing/stripe/webhook", Public, Group::Public).unlimited(),
    route("GET", "/api/agent/legacy/kinds", Public, Group::Public),
    route("GET", "/api/agent/openapi.json", Public, Group::Public),
    // Prices.
    route("GET", "/api/agent/asset/pricing", Key, Pricing),
    route("POST", "/api/agent/estimate", Key, Pricing),
    // Creating paid work.
    route("POST", "/api/agent/listings/{id}/buy", Key, Create),
    route("DELETE", "/api/agent/listings/{id}", Key, Status),
    // Reading state.
    route("GET", "/api/agent/me", Key, Status),
    route("GET", "/api/agent/before/{id}", Key, Status),
    // An x402 payment, read by its unguessable id (a keyless payer has no key to read with).
    route("GET", "/api/agent/payments/{id}", Public, Group::Public),
    route("GET", "/api/agent/brands", Key, Status),
    route("GET", "/api/agent/listings", Key, Status),
    route("GET", "/api/agent/listings/{id}", Key, Status),
    route("GET", "/api/agent/audioscript/{jobId}", KeyOrJobToken, Status),
    route("GET", "/api/agent/mp4/{jobId}", KeyOrJobToken, Status),
    route("POST", "/api/agent/audioscript/{jobId}/check", Key, Check),
    route("POST", "/api/agent/mp4/{jobId}/check", Key, Check),
    route("POST", "/api/agent/audioscript/{jobId}/cancel", KeyOrJobToken, Check),
    route("POST", "/api/agent/mp4/{jobId}/cancel", KeyOrJobToken, Check),
    route("GET", "/api/agent/asset/jobs/{id}", Key, Status),
    route("GET", "/api/agent/asset/jobs/{id}/deliveries", Key, Status),
    // Payment checks against the chain.
    route("POST", "/api/agent/asset/jobs/{id}/check", Key, Check),
    route("POST", "/api/agent/asset/jobs/{id}/deliveries/replay", Key, Check),
    // MCP: the key is checked here; each tool call counts against its own route's group.
    route("POST", "/api/mcp", Key, Status).unlimited(),
    route("GET", "/api/mcp", Key, Status).unlimited(),
    route("DELETE", "/api/mcp", Key, Status).unlimited(),
    // Plugin administration (operators are never rate limited; brand admins count here).
    route("GET", "/api/admin/plugins", Admin, Group::Account),
    // Uploads count in a group of their own: each one costs a compile.
    route("POST", "/api/admin/plugins/{slot}/versions", Admin, Group::Upload)
        .body_limit(crate::plugins::registry::MAX_COMPONENT_BYTES),
    route("POST", "/api/admin/plugins/{slot}/activate", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/rollback", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/disable", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/limits", Admin, Group::Account),
    route("POST", "/api/admin/plugins/{slot}/generate", Admin, Group::Account),
    route("GET", "/api/admin/audit", Admin, Group::Account),
    route("POST", "/api/admin/brands", Admin, Group::Account),
    route("PATCH", "/api/admin/brands/{key}", Admin, Group::Account),
    route("POST", "/api/admin/brands/{key}/meme-mode", Admin, Group::Account),
    route("GET", "/api/admin/brands/{key}/look", Admin, Group::Account),
    route("PUT", "/api/admin/brands/{key}/look", Admin, Group::Account),
    // Twice the largest logo, so an oversized one is answered with the logo rule (400).
    route("PUT", "/api/admin/brands/{key}/logo", Admin, Group::Account).body_limit(2 * crate::render::logo::MAX_BYTES),
    route("DELETE", "/api/admin/brands/{key}/logo", Admin, Group::Account),
    // Public pages and feeds.
    route("GET", "/memes/{id}", Public, Group::Public),
    route("GET", "/memes/{id}/{picture}", Public, Group::Public),
    route("GET", "/i/{code}", Public, Group::Public),
    route("POST", "/i/{code}", Public, Group::Public),
    route("GET", "/m/{id}", Public, Group::Public),
    route("GET", "/m/{id}/{part}", Public, Group::Public),
    // A pitch page's script reporting a view, a play, a share or a click.
    route("POST", "/m/{id}/activity", Public, Group::Public),
    route("GET", "/l/{id}/preview.png", Public, Group::Public),
    route("GET", "/v/{id}", Public, Group::Public),
    route("GET", "/v/{id}/video.mp4", Public, Group::Public),
    route("GET", "/v/{id}/poster.png", Public, Group::Public),
    route("GET", "/v/{id}/loop.gif", Public, Group::Public),
    route("GET", "/api/legacy/recent", Public, Group::Public),
    route("GET", "/api/legacy/leaderboard", Public, Group::Public),
    route("GET", "/api/brands/{key}/recent", Public, Group::Public),
    route("GET", "/api/brands/{key}/leaderboard", Public, Group::Public),
    route("GET", "/api/legacy/featured", Public, Group::Public),
    route("GET", "/api/brands/{key}/featured", Public, Group::Public),
    route("GET", "/api/brands/{key}/logo", Public, Group::Public),
    route("GET", "/api/legacy/contest", Public, Group::Public),
    route("POST", "/api/admin/featured", Admin, Group::Account),
    route("POST", "/api/admin/contests", Admin, Group::Account),
    // Telegram's deliveries (checked by their secret; Telegram is never turned away).
    route("POST", "/api/bot/telegram", Public, Group::Public).unlimited(),
    route("POST", "/api/bot/telegram/brands/{key}", Public, Group::Public).unlimited(),
    // What an agent reads to find the service: llms.txt, the x402 manifest, the MCP server card.
    route("GET", "/llms.txt", Public, Group::Public),
    route("GET", "/llms-full.txt", Public, Group::Public),
    route("GET", "/.well-known/x402", Public, Group::Public),
    route("GET", "/.well-known/x402.json", Public, Group::Public),
    route("GET", "/.well-known/ai-catalog.json", Public, Group::Public),
    route("GET", "/api/mcp/server-card", Public, Group::Public),
    // The dashboard: pages for people, signed in by a session cookie, limited per address.
    route("GET", "/dashboard", Public, Group::Public),
    route("GET", "/dashboard/login/{token}", Public, Group::Public),
    route("POST", "/dashboard/login/{token}", Public, Group::Public),
    route("POST", "/dashboard/logout", Public, Group::Public),
    route("GET", "/dashboard/api", Public, Group::Public),
    route("POST", "/dashboard/keys", Public, Group::Public),
    // `revoke` or `confirm` (a key's Ask above).
    route("POST", "/dashboard/keys/{prefix}/{action}", Public, Group::Public),
    route("GET", "/dashboard/credits", Public, Group::Public),
    route("POST", "/dashboard/credits/buy", Public, Group::Public),
    route("GET", "/dashboard/jobs", Public, Group::Public),
    route("GET", "/dashboard/brands/{key}", Public, Group::Public),
    route("POST", "/dashboard/brands/{key}/meme-mode", Public, Group::Public),
    route("POST", "/dashboard/brands/{key}/bot", Public, Group::Public),
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
    find(method.as_str(), path).unwrap_or_else(|| {
        let listed = ROUTES.iter().any(|r| r.path == path) || operation_at(path).is_some();
        if listed { UNMATCHED } else { UNLISTED }
    })
}

/// The policy of a route by method name and template, for documentation. A catalog service's
/// route (and its deprecated alias) is the service's: keyed, its rate group and its id.
pub fn find(method: &str, path: &str) -> Option<RoutePolicy> {
    match operation_at(path) {
        Some((service, path)) if service.method.eq_ignore_ascii_case(method) => {
            Some(op(service.method, path, service.id))
        }
        _ => ROUTES.iter().find(|r| r.path == path && r.method.eq_ignore_ascii_case(method)).copied(),
    }
}

/// The catalog service served at `path`, with the path as the catalog spells it.
fn operation_at(path: &str) -> Option<(&'static crate::catalog::Service, &'static str)> {
    crate::catalog::SERVICES.iter().find_map(|service| {
        [Some(service.route), service.deprecated_alias].into_iter().flatten().find(|p| *p == path).map(|p| (service, p))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_operation_route_names_a_catalog_service_and_takes_its_group() {
        for service in crate::catalog::SERVICES {
            for path in [Some(service.route), service.deprecated_alias].into_iter().flatten() {
                let route = super::find(service.method, path).expect("every service's route has a policy");
                assert_eq!((route.operation, route.group()), (Some(service.id), Some(service.group)), "{path}");
                assert_eq!(route.access, super::Access::Key, "{path}");
            }
        }
        assert!(super::ROUTES.iter().all(|r| r.operation.is_none()), "operations are declared in the catalog only");
    }
}
