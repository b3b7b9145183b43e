//! The registry's audit trail: who tried what on which slot, and how it ended (`ok`, `denied`,
//! `rejected`), written for every change and every refusal.

use super::{Actor, Registry, RegistryError};
use crate::store::plugins::{self as stored, NewAudit};

impl Registry {
    pub(super) async fn authorize(
        &self,
        actor: &Actor,
        action: &str,
        slot: &str,
        scope: &str,
        version: Option<i64>,
    ) -> Result<(), RegistryError> {
        if actor.may_act_on(scope) {
            return Ok(());
        }
        let _ = version;
        let why = if scope.is_empty() { "global slots are for operators" } else { "this brand is not yours" };
        Err(self.deny(actor, action, slot, scope, why).await)
    }

    pub(super) async fn deny(&self, actor: &Actor, action: &str, slot: &str, scope: &str, why: &str) -> RegistryError {
        if let Err(e) = self.record(actor, action, slot, scope, None, "denied", why).await {
            return e;
        }
        RegistryError::Denied(why.to_string())
    }

    pub(super) async fn reject(
        &self,
        actor: &Actor,
        action: &str,
        slot: &str,
        scope: &str,
        why: &str,
    ) -> RegistryError {
        if let Err(e) = self.record(actor, action, slot, scope, None, "rejected", why).await {
            return e;
        }
        RegistryError::Rejected(why.to_string())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn record(
        &self,
        actor: &Actor,
        action: &str,
        slot: &str,
        scope: &str,
        version_id: Option<i64>,
        outcome: &str,
        detail: &str,
    ) -> Result<(), RegistryError> {
        let entry = NewAudit {
            actor: &actor.name,
            role: actor.role.as_str(),
            action,
            slot,
            scope,
            version_id,
            outcome,
            detail,
        };
        Ok(stored::record(&self.db, &entry).await?)
    }
}
